"use strict";
(() => {
  const data = JSON.parse(document.getElementById("roads-data").textContent);
  const words = data.words;
  const $ = (id) => document.getElementById(id);
  const buttons = Array.from(document.querySelectorAll("button"));
  const flags = Array.from(document.querySelectorAll("button.flag"));
  const parser = new DOMParser();
  let busy = false;
  let canUndo = $("undo").dataset.enabled === "true";

  function say(text, isError) {
    const message = $("message");
    message.textContent = text;
    message.classList.toggle("error", Boolean(isError));
  }

  function enable() {
    for (const button of buttons) button.disabled = busy;
    $("undo").disabled = busy || !canUndo;
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
    $("problem").textContent = state.error || "";
    $("problem").hidden = !state.error;
    canUndo = state.can_undo;
    enable();
  }

  function setLive(live) {
    $("status").textContent = live ? words.live : words.offline;
    $("status").classList.toggle("off", !live);
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
    busy = true;
    enable();
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
    } finally {
      busy = false;
      enable();
    }
  }

  for (const flag of flags) {
    flag.addEventListener("click", () => {
      const pressed = flag.getAttribute("aria-pressed") !== "true";
      flag.setAttribute("aria-pressed", String(pressed));
    });
  }

  for (const button of document.querySelectorAll("button.outcome")) {
    button.addEventListener("click", async () => {
      const body = {outcome: button.dataset.outcome};
      const names = [words.names[body.outcome]];
      for (const flag of flags) {
        body[flag.dataset.flag] = flag.getAttribute("aria-pressed") === "true";
        if (body[flag.dataset.flag]) names.push(words.flags[flag.dataset.flag]);
      }
      if (await post("/api/coup", body)) {
        for (const flag of flags) flag.setAttribute("aria-pressed", "false");
        say(words.logged + ": " + names.join(" · "), false);
      }
    });
  }

  $("undo").addEventListener("click", async () => {
    if (await post("/api/undo", {})) say(words.undone, false);
  });

  const shoe = $("new-shoe");
  let armed = null;
  function disarm() {
    clearTimeout(armed);
    armed = null;
    shoe.textContent = words.new_shoe;
    shoe.classList.remove("armed");
  }
  shoe.addEventListener("click", async () => {
    if (armed === null) {
      shoe.textContent = words.confirm_shoe;
      shoe.classList.add("armed");
      armed = setTimeout(disarm, 4000);
      return;
    }
    disarm();
    if (await post("/api/shoe", {})) say(words.shoe_started, false);
  });

  const cards = $("cards");
  $("cards-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = cards.value.trim();
    if (!text) {
      cards.focus();
      return;
    }
    if (await post("/api/coup", {cards: text})) {
      cards.value = "";
      cards.removeAttribute("aria-invalid");
      say(words.logged + ": " + text, false);
    } else {
      cards.setAttribute("aria-invalid", "true");
      cards.focus();
    }
  });
  cards.addEventListener("input", () => cards.removeAttribute("aria-invalid"));

  enable();
  connect();
})();
