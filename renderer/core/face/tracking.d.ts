/** tracking.js 1.1.3 ships plain scripts that set the global `tracking`; imported for that. */
declare module 'tracking/build/tracking.js';
declare module 'tracking/build/data/face-min.js';
