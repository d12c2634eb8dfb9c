/** The part of jsdom the packaging test uses (the project has no @types/jsdom). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
