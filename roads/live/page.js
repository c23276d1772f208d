"use strict";
// The croupier's console: the board, the outcome buttons, the seats' bets, no more bets, undo.
// Every write goes through the outbox (common.js): never lost, never logged twice.
(() => {
  const {data, $, announce} = window.Roads;
  const words = data.words;
  const flags = Array.from(document.querySelectorAll("button.flag"));
  let canUndo = $("undo").dataset.enabled === "true";
  let state = null;

  // -- words for the eye (#message) and for the ear (#announce, a polite live region) --------

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
      closed: Boolean(state.round && state.round.closed),
    };
  }

  function changes(before, after) {
    const parts = [];
    if (after.shoe !== before.shoe) parts.push(after.shoe, after.coups);
    else if (after.count !== before.count || after.said !== before.said) {
      parts.push(after.count < before.count ? words.undone : after.said, after.coups);
    } else if (after.closed !== before.closed) {
      const coup = String(after.count + 1);
      parts.push((after.closed ? words.closed : words.reopened).replace("{coup}", coup));
    }
    if (after.odds && after.odds !== before.odds) parts.push(after.odds);
    if (after.balance && after.balance !== before.balance) parts.push(after.balance);
    return parts.join(" · ");
  }

  // -- the board, its texts and the seats' bets ------------------------------------------------

  function enable() {
    $("undo").setAttribute("aria-disabled", String(!canUndo));
  }

  function seatBets(state) {
    const list = $("seat-bet-list");
    const items = [];
    for (const seat of state.seats || []) {
      const bets = seat.open.map((bet) => words.bet.replace("{on}", words.bet_names[bet.on] || bet.on)
        .replace("{stake}", bet.stake));
      const item = document.createElement("li");
      const who = document.createElement("strong");
      who.textContent = `${seat.seat} ${seat.name || ""}`.trim();
      const money = document.createElement("span");
      money.className = "money";
      money.textContent = seat.shown.balance;
      item.append(who, " ", money, " · ", bets.length ? bets.join(", ") : words.no_bets);
      items.push(item);
    }
    list.replaceChildren(...items);
    const closed = Boolean(state.round && state.round.closed);
    const heading = (closed ? words.closed : words.bets_for).replace("{coup}", state.next_coup);
    $("seat-bets-heading").textContent = heading;
    $("seat-bets").classList.toggle("closed", closed);
    $("seat-bets").hidden = !state.seated;
    $("seat-bet-fold").hidden = !state.seated;
    $("close-round").setAttribute("aria-pressed", String(closed));
    const select = $("bet-seat");
    const chosen = select.value;
    select.replaceChildren(...(state.seats || []).map((seat) => {
      const option = document.createElement("option");
      option.value = seat.seat;
      option.textContent = `${seat.seat} ${seat.name || ""}`.trim();
      return option;
    }));
    if (chosen) select.value = chosen;
  }

  function apply(next) {
    state = next;
    window.Roads.showSvg($("board"), next.svg);
    for (const [id, text] of Object.entries(next.text)) {
      const element = $(id);
      if (element && element.dataset.field === "") {
        element.textContent = text;
        element.hidden = !text;
      }
    }
    // The table's bets with their exact edges from the cards left: HTML the server escaped.
    if (typeof next.bets === "string" && $("bets").innerHTML !== next.bets) {
      $("bets").innerHTML = next.bets;
    }
    const problem = next.error || ""; // #problem is an alert: written only when it changes
    if ($("problem").textContent !== problem) $("problem").textContent = problem;
    $("problem").hidden = !problem;
    canUndo = next.can_undo;
    enable();
    if (next.seated) $("balance").hidden = true; // each seat's balance is with its bets
    seatBets(next);
    box.state(next);
    if (window.Roads.newCoup(next) && next.last_coup) window.Roads.sound.coup(next.last_coup.spoken);
    const now = seen(next);
    if (shown !== null) announce(changes(shown, now));
    shown = now;
  }

  // -- the writes, through the outbox ----------------------------------------------------------

  const box = window.Roads.outbox("console", {
    done(item, reply) {
      const meta = item.meta;
      if (meta.kind === "cards") $("cards").removeAttribute("aria-invalid");
      say(reply.said || (meta.label ? `${words.logged}: ${meta.label}` : words.logged), false);
    },
    refused(item, reason) {
      const meta = item.meta;
      window.Roads.sound.refused();
      if (meta.kind === "cards") {
        const cards = $("cards");
        if (!cards.value) cards.value = meta.text;
        cards.setAttribute("aria-invalid", "true");
        $("cards-error").textContent = reason;
        announce(reason);
        return;
      }
      // The flags set before a refused tap are set again for the next one.
      for (const flag of flags) {
        if ((meta.flags || []).includes(flag.dataset.flag)) flag.setAttribute("aria-pressed", "true");
      }
      say(reason, true);
    },
    waits(item, reply) {
      say(reply.error, false);
    },
  });

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

  // Two identical taps within AGAIN_MS are one tap made twice, more often than two coups: the
  // second arms its button, and a third press within ARMED_MS logs the second coup.
  const AGAIN_MS = 2000;
  const ARMED_MS = 5000;
  let lastTap = null;
  let armedOutcome = null;
  const nameOf = (button) => button.querySelector(".name") || button.querySelector(".letter");

  function disarmOutcome() {
    if (!armedOutcome) return;
    clearTimeout(armedOutcome.timer);
    nameOf(armedOutcome.button).textContent = armedOutcome.text;
    armedOutcome.button.classList.remove("armed");
    armedOutcome = null;
  }

  for (const button of document.querySelectorAll("button.outcome")) {
    onPress(button, () => {
      const body = {outcome: button.dataset.outcome};
      const names = [words.names[body.outcome]];
      for (const flag of flags) {
        body[flag.dataset.flag] = flag.getAttribute("aria-pressed") === "true";
        if (body[flag.dataset.flag]) names.push(words.flags[flag.dataset.flag]);
      }
      const label = names.join(" · ");
      const signature = JSON.stringify(body);
      const now = Date.now();
      const again = lastTap && lastTap.signature === signature && now - lastTap.at < AGAIN_MS;
      if (again && !(armedOutcome && armedOutcome.button === button)) {
        disarmOutcome();
        const target = nameOf(button);
        armedOutcome = {button, text: target.textContent,
          timer: setTimeout(disarmOutcome, ARMED_MS)};
        target.textContent = words.again.replace("{hand}", label);
        button.classList.add("armed");
        announce(words.again_said.replace("{hand}", label));
        lastTap = {signature, at: now};
        return;
      }
      disarmOutcome();
      lastTap = {signature, at: now};
      // The flags belong to this press: cleared now for the next one, set again if refused.
      const marked = flags.filter((flag) => body[flag.dataset.flag]).map((flag) => flag.dataset.flag);
      for (const flag of flags) flag.setAttribute("aria-pressed", "false");
      box.add("/api/coup", body, {kind: "coup", label, flags: marked});
    });
    button.addEventListener("blur", () => {
      if (armedOutcome && armedOutcome.button === button) disarmOutcome();
    });
  }

  onPress($("undo"), () => {
    lastTap = null;
    box.add("/api/undo", {}, {kind: "undo"});
  });

  onPress($("close-round"), () => {
    lastTap = null;
    if (state && state.round && state.round.closed) box.add("/api/undo", {}, {kind: "undo"});
    else box.add("/api/close", {}, {kind: "close"});
  });

  // A new shoe takes two presses: the first arms the button (and says so), the second, within
  // ARMED_MS and without leaving the button, starts the shoe.
  const shoe = $("new-shoe");
  let armed = null;
  function disarm() {
    clearTimeout(armed);
    armed = null;
    shoe.textContent = words.new_shoe;
    shoe.classList.remove("armed");
  }
  onPress(shoe, () => {
    if (armed === null) {
      shoe.textContent = words.confirm_shoe;
      shoe.classList.add("armed");
      announce(words.confirm_shoe_said);
      armed = setTimeout(disarm, 8000);
      return;
    }
    disarm();
    lastTap = null;
    box.add("/api/shoe", {}, {kind: "shoe", label: words.shoe_started});
  });
  shoe.addEventListener("blur", () => {
    if (armed !== null) disarm();
  });

  const cards = $("cards");
  $("cards-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = cards.value.trim();
    if (!text) {
      cards.focus();
      return;
    }
    cards.value = ""; // ready for the next coup now; given back if this one is refused
    $("cards-error").textContent = "";
    lastTap = null;
    box.add("/api/coup", {cards: text}, {kind: "cards", text, label: text});
  });
  cards.addEventListener("input", () => {
    cards.removeAttribute("aria-invalid");
    $("cards-error").textContent = "";
  });

  $("seat-bet-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const stake = Number($("bet-stake").value.replace(/,/g, ""));
    const seat = Number($("bet-seat").value);
    if (!seat || !(stake > 0)) {
      $("bet-stake").focus();
      return;
    }
    box.add("/api/bet", {seat, on: $("bet-on").value, stake}, {kind: "bet"});
  });

  window.Roads.sound.setup($("sound"));
  shown = seen(data.state);
  enable();
  window.Roads.connect(apply);
})();
