import { getHost } from '../../core/host';
import { linkTarget } from '../../core/safe-url';
import { fetchSpeechToken, findByVocabulary } from './api';
import { openWebMicrophone } from './microphone';
import { startTranscription } from './nls-client';
import { VoiceRecorder, type VoiceState } from './voice-recorder';

/**
 * The recorder wired to the platform (loaded on first use): the token and lookup calls, the
 * host's microphone (the native app's) or the web's, the gateway, and same-origin navigation.
 */
export function createVoiceRecorder(
  language: () => string,
  onChange: (state: VoiceState) => void,
): VoiceRecorder {
  return new VoiceRecorder(
    {
      fetchToken: () => fetchSpeechToken(language()),
      openMicrophone: (onPcm) => {
        const host = getHost();
        return host.openMicrophone ? host.openMicrophone(onPcm) : openWebMicrophone(onPcm);
      },
      startTranscription: (token, onTranscript) => startTranscription(token, onTranscript),
      lookup: findByVocabulary,
      navigate: (url) => {
        // Only a page of this origin: the answer is the server's, but hostile until checked.
        const target = linkTarget(url);
        if (target?.kind === 'navigate') window.location.assign(target.url);
      },
    },
    onChange,
  );
}

export { VoicePanel } from './voice-panel';
