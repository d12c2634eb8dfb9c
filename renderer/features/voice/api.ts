import { SPEECH_API } from '../../../contract/api-paths';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import type { SpeechToken } from '../../../contract/speech';
import { http } from '../../core/http/http';

function sameOriginGateway(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${SPEECH_API.gateway}`;
}

/**
 * The speech token (spec §7 get_ali_token). Any failure rejects: the recorder shows 'Check
 * server configuration!' (spec §8), so the global error toast is bypassed. A bare token string
 * (as the platform's gateway answers it) uses this origin's gateway.
 */
export async function fetchSpeechToken(language: string): Promise<SpeechToken> {
  const answer = await http.get(SPEECH_API.token, { language }, { noIntercept: true });
  if (answer.status !== SUCCESS_STATUS) throw new Error('no speech token');
  const data: unknown = answer.data;
  if (typeof data === 'string' && data !== '') {
    return { token: data, expireTime: 0, url: sameOriginGateway(), appkey: '' };
  }
  if (typeof data !== 'object' || data === null) throw new Error('no speech token');
  const { token, url, appkey, expireTime } = data as Record<string, unknown>;
  if (typeof token !== 'string' || token === '') throw new Error('no speech token');
  const gateway = typeof url === 'string' && /^wss?:\/\//.test(url) ? url : sameOriginGateway();
  return {
    token,
    url: gateway,
    appkey: typeof appkey === 'string' ? appkey : '',
    expireTime: typeof expireTime === 'number' ? expireTime : 0,
  };
}

/** The application page for a spoken command (spec §7 find_by_vocabulary), or null. */
export async function findByVocabulary(vocabulary: string): Promise<string | null> {
  const answer = await http.post(SPEECH_API.vocabulary, { vocabulary }, { noIntercept: true });
  if (answer.status !== SUCCESS_STATUS) return null;
  const data: unknown = answer.data;
  if (typeof data !== 'object' || data === null) return null;
  const url = (data as { url?: unknown }).url;
  return typeof url === 'string' && url !== '' ? url : null;
}
