/** The voice feature's front door: the button and whether it is offered. */
export { VoiceButton } from './voice-button';
export { voiceOffered } from './voice-offered';
