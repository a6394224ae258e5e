// The class view (class.js) and the pages in its frames (class-frame.js) speak by
// postMessage, in these messages only, each marked ``lq`` (same origin, checked).

declare namespace ClassMessage {
  /** To a frame: "you are shown in the class view" (its table alone, projector.css's
   *  .lq-framed; its keys passed on; what it shares told). */
  interface Hello { lq: "hello" }
  /** To the class's table's frame: its view projected for the class's coach (on: once
   *  as the part is shown; left by the reader, it stays left), or shown plain (off);
   *  share false: its own code hidden (a table whose part's code is the pupils' page). */
  interface Coach { lq: "coach"; on: boolean; share?: boolean }
  /** To the class's table's frame: the vote's odds revealed (R). */
  interface Reveal { lq: "reveal" }
  /** To the class's table's frame: its projected table stepped (the class view's arrows
   *  and Space, pressed out of the frame). */
  interface Step { lq: "step"; go: Page.Go }
  /** From a frame: the address its view shares now, absolute (share.js "lq:share"). */
  interface Share { lq: "share"; address: string }
  /** From a frame: a key the class view takes (PageDown, PageUp, P, R, Escape), pressed
   *  there wherever the focus was (its projector view open or not). */
  interface Key { lq: "key"; key: string }

  type ToFrame = Hello | Coach | Reveal | Step;
  type FromFrame = Share | Key;
}
