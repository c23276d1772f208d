"use strict";
// What every screen of the table shares (the console, the display, a seat's page): the live
// connection with its status pill, the outbox that never loses a tap, and the sounds.
window.Roads = (() => {
  const data = JSON.parse(document.getElementById("roads-data").textContent);
  const words = data.common;
  const $ = (id) => document.getElementById(id);

  // -- the polite live region: each change said once -------------------------------------------

  function announce(text) {
    const region = $("announce");
    if (region && text) region.textContent = text;
  }

  // -- the connection: the event stream, or /state while the stream is refused ----------------

  const listeners = [];
  let online = null;
  let waiting = 0;

  function pill() {
    const status = $("status");
    if (!status || online === null) return;
    let text = online ? words.live : words.offline;
    if (waiting) text = (online ? words.live_waiting : words.offline_waiting).replace("{n}", waiting);
    if (status.textContent !== text) status.textContent = text;
    status.classList.toggle("off", !online);
  }

  function setOnline(value) {
    if (online === value) return;
    online = value;
    pill();
    if (value) for (const listener of listeners) listener.online?.();
  }

  function connect(onState) {
    let source = null;
    const open = () => {
      source = new EventSource("/events");
      source.addEventListener("board", (event) => {
        onState(JSON.parse(event.data));
        setOnline(true);
      });
      source.addEventListener("open", () => setOnline(true));
      source.addEventListener("error", () => {
        setOnline(false);
        if (source.readyState === EventSource.CLOSED) poll().finally(() => setTimeout(open, 2000));
      });
    };
    async function poll() {
      try {
        const response = await fetch("/state", {cache: "no-cache"});
        if (response.ok) onState(await response.json());
      } catch (error) {
        // offline: the stream's next try says so
      }
    }
    window.addEventListener("offline", () => setOnline(false));
    window.addEventListener("online", () => {
      if (source && source.readyState === EventSource.CLOSED) open();
      else if (source && source.readyState === EventSource.OPEN) setOnline(true);
      for (const listener of listeners) listener.online?.();
    });
    open();
  }

  // -- the outbox: every write, keyed, kept until the server confirms it ------------------------
  // Each tap is an item with its own idempotency key, kept in localStorage (so a reload keeps
  // it) and sent one at a time, in order. A lost connection keeps it and tries again; a server
  // started again gives a new token, fetched here; a bet after "no more bets" waits for the
  // coup; a refusal is handed back with its reason.

  function newKey() {
    const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs https
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  const outboxes = [];
  function outbox(name, handlers) {
    const store = `roads-outbox:${data.journal}:${name}`;
    let items = [];
    try {
      items = JSON.parse(localStorage.getItem(store) || "[]");
    } catch (error) {
      items = [];
    }
    const history = [];
    let busy = false;
    let timer = null;
    let round = null; // the state's round and next coup: when a waiting bet may go
    let delay = 250;

    function save() {
      try {
        localStorage.setItem(store, JSON.stringify(items));
      } catch (error) {
        // private mode: the taps are kept in memory only
      }
      waiting = items.length;
      pill();
      handlers.changed?.(items);
    }

    function later(ms) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        pump();
      }, ms);
    }

    function ready(item) {
      if (!item.after) return true;
      if (round && (round.next > item.after || !round.closed)) {
        delete item.after;
        return true;
      }
      return false;
    }

    async function refreshToken() {
      try {
        const response = await fetch("/token", {cache: "no-store"});
        if (!response.ok) return false;
        data.token = (await response.json()).token;
        return true;
      } catch (error) {
        return false;
      }
    }

    async function send(item) {
      const headers = {"Content-Type": "application/json", "X-Roads-Token": data.token,
        "Idempotency-Key": item.id};
      if (data.key) headers["X-Roads-Key"] = data.key;
      return fetch(item.path, {method: "POST", headers, body: JSON.stringify(item.body),
        cache: "no-store"});
    }

    function settle(item, outcome) {
      items = items.filter((other) => other !== item);
      const record = history.find((entry) => entry.id === item.id);
      if (record) record.outcome = outcome;
      save();
    }

    async function pump() {
      if (busy) return;
      const item = items.find(ready);
      if (!item) return;
      busy = true;
      let response = null;
      let reply = {};
      try {
        response = await send(item);
        reply = await response.json().catch(() => ({}));
      } catch (error) {
        response = null;
      }
      busy = false;
      if (response === null) { // unreachable: kept, and tried again
        setOnline(false);
        delay = Math.min(delay * 2, 2000);
        later(delay);
        return;
      }
      delay = 250;
      if (response.ok) {
        setOnline(true);
        settle(item, "logged");
        handlers.done?.(item, reply);
      } else if (response.status === 403 && reply.reason === "token") {
        if (!(await refreshToken())) later(1000);
        else pump();
        return;
      } else if (response.status === 503) {
        later(1000 * Number(response.headers.get("Retry-After") || 1));
        return;
      } else if (response.status === 409 && reply.reason === "round") {
        item.after = reply.coup;
        save();
        handlers.waits?.(item, reply);
      } else {
        settle(item, "refused");
        handlers.refused?.(item, reply.error || response.statusText);
      }
      pump();
    }

    listeners.push({online: () => later(0)});
    const box = {
      add(path, body, meta) {
        const item = {id: newKey(), path, body, meta: meta || {}};
        items.push(item);
        history.push({id: item.id, path, body, outcome: "waiting"});
        save();
        pump();
        return item;
      },
      state(state) {
        round = {closed: Boolean(state.round && state.round.closed),
          next: state.round ? state.round.coup : state.next_coup};
        if (items.some((item) => item.after)) pump();
      },
      items: () => items.slice(),
      history,
    };
    history.push(...items.map((item) => ({id: item.id, path: item.path, body: item.body,
      outcome: "waiting"})));
    waiting = items.length;
    outboxes.push(box);
    setTimeout(pump, 0);
    return box;
  }

  // -- sound: off until asked, one toggle for every page of this browser ------------------------

  const speech = {en: "en", zh: "zh-CN", "zh-hant": "zh-TW"};
  let audio = null;
  let soundOn = false;

  function tone(frequency, seconds) {
    if (!soundOn) return;
    try {
      audio = audio || new AudioContext();
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start();
      oscillator.stop(audio.currentTime + seconds);
    } catch (error) {
      // no audio on this device
    }
  }

  const sound = {
    setup(button) {
      if (!button) return;
      try {
        soundOn = localStorage.getItem("roads-sound") === "on";
      } catch (error) {
        soundOn = false;
      }
      button.setAttribute("aria-pressed", String(soundOn));
      button.addEventListener("click", () => {
        soundOn = !soundOn;
        button.setAttribute("aria-pressed", String(soundOn));
        try {
          localStorage.setItem("roads-sound", soundOn ? "on" : "off");
        } catch (error) {
          // kept for this page only
        }
        tone(660, 0.08);
      });
    },
    coup(spoken) {
      if (!soundOn) return;
      tone(880, 0.15);
      if (spoken && "speechSynthesis" in window) {
        const utterance = new SpeechSynthesisUtterance(spoken);
        utterance.lang = speech[document.documentElement.lang] || document.documentElement.lang;
        window.speechSynthesis.speak(utterance);
      }
    },
    refused() {
      tone(220, 0.3);
    },
  };

  // -- a coup logged, seen once by each page whatever logged it --------------------------------

  let seen = null;
  function newCoup(state) {
    const now = {shoe: state.text ? state.text.shoe : "", count: state.count};
    const fresh = seen !== null && (now.shoe !== seen.shoe || now.count > seen.count) && now.count > 0;
    seen = now;
    return fresh;
  }

  // -- the SVGs the server sends, parsed and put in place ---------------------------------------

  const parser = new DOMParser();
  function showSvg(element, text) {
    const doc = parser.parseFromString(text, "image/svg+xml");
    const svg = doc.documentElement;
    if (svg.localName === "svg" && !doc.querySelector("parsererror")) {
      element.replaceChildren(document.importNode(svg, true));
    }
  }

  return {data, $, announce, connect, outbox, outboxes, sound, newCoup, showSvg, setOnline};
})();
