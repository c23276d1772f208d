"use strict";
// The overlay and the wall: redraw the board whenever the journal changes. The overlay takes
// the board from each event; the wall fetches its own picture (data-source names it).
(() => {
  const board = document.getElementById("board");
  const source = board.dataset.source;
  const parser = new DOMParser();

  function show(text) {
    const doc = parser.parseFromString(text, "image/svg+xml");
    const svg = doc.documentElement;
    if (svg.localName === "svg" && !doc.querySelector("parsererror")) {
      board.replaceChildren(document.importNode(svg, true));
    }
  }

  async function refresh(state) {
    if (!source) {
      show(state.svg);
      return;
    }
    try {
      const response = await fetch(source, {cache: "no-store"});
      if (response.ok) show(await response.text());
    } catch (error) {
      // the next event tries again
    }
  }

  function connect() {
    const events = new EventSource("/events");
    events.addEventListener("board", (event) => refresh(JSON.parse(event.data)));
    events.addEventListener("error", () => {
      if (events.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    });
  }

  connect();
})();
