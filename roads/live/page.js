"use strict";
(() => {
  const data = JSON.parse(document.getElementById("roads-data").textContent);
  const words = data.words;
  const $ = (id) => document.getElementById(id);
  const flags = Array.from(document.querySelectorAll("button.flag"));
  const parser = new DOMParser();
  let canUndo = $("undo").dataset.enabled === "true";

  // -- words for the eye (#message) and for the ear (#announce, a polite live region) --------

  function announce(text) {
    if (text) $("announce").textContent = text;
  }

  function say(text, isError) {
    const message = $("message");
    message.textContent = text;
    message.classList.toggle("error", Boolean(isError));
    if (isError) announce(text);
  }

  // What an update changed, in one sentence: the coup logged (or taken back, or the new shoe),
  // the count, and the odds or the balance when they changed; a broken journal is said by
  // #problem, an alert. Every source of change (this page, another tablet, `roads log`)
  // reaches the page as the same update, so each change is said once.
  let shown = null;
  function seen(state) {
    return {
      shoe: state.text.shoe,
      coups: state.text.coups,
      count: state.count,
      said: state.said,
      odds: state.text.odds,
      balance: state.text.balance,
    };
  }

  function changes(before, after) {
    const parts = [];
    if (after.shoe !== before.shoe) parts.push(after.shoe, after.coups);
    else if (after.count !== before.count || after.said !== before.said) {
      parts.push(after.count < before.count ? words.undone : after.said, after.coups);
    }
    if (after.odds && after.odds !== before.odds) parts.push(after.odds);
    if (after.balance && after.balance !== before.balance) parts.push(after.balance);
    return parts.join(" · ");
  }

  // -- the board and its texts -----------------------------------------------------------------

  function enable() {
    $("undo").setAttribute("aria-disabled", String(!canUndo));
  }

  function apply(state) {
    const doc = parser.parseFromString(state.svg, "image/svg+xml");
    const svg = doc.documentElement;
    if (svg.localName === "svg" && !doc.querySelector("parsererror")) {
      $("board").replaceChildren(document.importNode(svg, true));
    }
    for (const [id, text] of Object.entries(state.text)) {
      const element = $(id);
      if (element && element.dataset.field === "") {
        element.textContent = text;
        element.hidden = !text;
      }
    }
    // The table's bets with their exact edges from the cards left: HTML the server escaped.
    if (typeof state.bets === "string" && $("bets").innerHTML !== state.bets) {
      $("bets").innerHTML = state.bets;
    }
    const problem = state.error || ""; // #problem is an alert: written only when it changes
    if ($("problem").textContent !== problem) $("problem").textContent = problem;
    $("problem").hidden = !problem;
    canUndo = state.can_undo;
    enable();
    const now = seen(state);
    if (shown !== null) announce(changes(shown, now));
    shown = now;
  }

  let live = null;
  function setLive(isLive) {
    if (live === isLive) return; // said once per change of connection, not on every update
    live = isLive;
    $("status").textContent = isLive ? words.live : words.offline;
    $("status").classList.toggle("off", !isLive);
  }

  let source = null;
  function connect() {
    source = new EventSource("/events");
    source.addEventListener("board", (event) => {
      apply(JSON.parse(event.data));
      setLive(true);
    });
    source.addEventListener("open", () => setLive(true));
    source.addEventListener("error", () => {
      setLive(false);
      if (source.readyState === EventSource.CLOSED) poll().finally(() => setTimeout(connect, 2000));
    });
  }

  // The stream refused (the server busy): the state once, while the stream is tried again.
  async function poll() {
    try {
      const response = await fetch("/state", {cache: "no-cache"});
      if (response.ok) apply(await response.json());
    } catch (error) {
      // offline: the next try says so
    }
  }

  // -- the writes ------------------------------------------------------------------------------

  // One key per action: a retry after a lost reply is answered without logging twice.
  async function send(path, body, key) {
    const request = {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-Roads-Token": data.token,
        "Idempotency-Key": key},
      body: JSON.stringify(body),
      cache: "no-store",
    };
    try {
      return await fetch(path, request);
    } catch (error) {
      return await fetch(path, request);
    }
  }

  async function post(path, body) {
    try {
      const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs https
      const key = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
      const response = await send(path, body, key);
      const reply = await response.json().catch(() => ({}));
      if (!response.ok) {
        say(reply.error || response.statusText, true);
        return false;
      }
      return true;
    } catch (error) {
      say(words.offline, true);
      return false;
    }
  }

  // Writes go one after another, in the order of the presses: a press while one is on its way
  // waits for it, and is not lost.
  let last = Promise.resolve(true);
  function write(path, body) {
    const next = last.then(() => post(path, body));
    last = next.catch(() => false);
    return next;
  }

  // A control is never disabled (that would take the focus off it): when there is nothing to
  // undo (aria-disabled), a press on Undo does nothing.
  function onPress(button, action) {
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") === "true") return;
      action();
    });
  }

  for (const flag of flags) {
    onPress(flag, () => {
      const pressed = flag.getAttribute("aria-pressed") !== "true";
      flag.setAttribute("aria-pressed", String(pressed));
    });
  }

  for (const button of document.querySelectorAll("button.outcome")) {
    onPress(button, async () => {
      const body = {outcome: button.dataset.outcome};
      const names = [words.names[body.outcome]];
      for (const flag of flags) {
        body[flag.dataset.flag] = flag.getAttribute("aria-pressed") === "true";
        if (body[flag.dataset.flag]) names.push(words.flags[flag.dataset.flag]);
      }
      // The flags belong to this press: cleared now for the next one, set again if it fails.
      const marked = flags.filter((flag) => body[flag.dataset.flag]);
      for (const flag of flags) flag.setAttribute("aria-pressed", "false");
      if (await write("/api/coup", body)) {
        say(words.logged + ": " + names.join(" · "), false);
      } else {
        for (const flag of marked) flag.setAttribute("aria-pressed", "true");
      }
    });
  }

  onPress($("undo"), async () => {
    if (await write("/api/undo", {})) say(words.undone, false);
  });

  // A new shoe takes two presses: the first arms the button (and says so), the second, within
  // ARMED_MS and without leaving the button, starts the shoe.
  const ARMED_MS = 8000;
  const shoe = $("new-shoe");
  let armed = null;
  function disarm() {
    clearTimeout(armed);
    armed = null;
    shoe.textContent = words.new_shoe;
    shoe.classList.remove("armed");
  }
  onPress(shoe, async () => {
    if (armed === null) {
      shoe.textContent = words.confirm_shoe;
      shoe.classList.add("armed");
      announce(words.confirm_shoe_said);
      armed = setTimeout(disarm, ARMED_MS);
      return;
    }
    disarm();
    if (await write("/api/shoe", {})) say(words.shoe_started, false);
  });
  shoe.addEventListener("blur", () => {
    if (armed !== null) disarm();
  });

  const cards = $("cards");
  $("cards-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = cards.value.trim();
    if (!text) {
      cards.focus();
      return;
    }
    cards.value = ""; // ready for the next coup now; given back if this one is refused
    if (await write("/api/coup", {cards: text})) {
      cards.removeAttribute("aria-invalid");
      say(words.logged + ": " + text, false);
    } else {
      if (!cards.value) cards.value = text;
      cards.setAttribute("aria-invalid", "true");
      cards.focus();
    }
  });
  cards.addEventListener("input", () => cards.removeAttribute("aria-invalid"));

  shown = seen(data.state);
  enable();
  connect();
})();
