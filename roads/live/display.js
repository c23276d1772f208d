"use strict";
// The table's display: everything drawn from each update, nothing to press but the sound.
(() => {
  const {data, $, announce} = window.Roads;
  const words = data.words;
  let codeSeat; // the free seat whose QR code is shown (undefined: not fetched yet)
  let lastCoup = null;

  function text(id, value) {
    const element = $(id);
    if (element.textContent !== value) element.textContent = value;
  }

  function label(id, value) {
    // The QR code's section is named by its line once that line has words: a section named
    // by an empty line would be an unnamed region, which screen readers and axe refuse.
    text(id, value);
    document.querySelector(".code").setAttribute("aria-labelledby", id);
  }

  function rows(body, lines) {
    body.replaceChildren(...lines.map((cells) => {
      const row = document.createElement("tr");
      cells.forEach((value, index) => {
        const cell = document.createElement(index ? "td" : "th");
        if (!index) cell.scope = "row";
        cell.textContent = value;
        row.append(cell);
      });
      return row;
    }));
  }

  function terms(list, pairs) {
    list.replaceChildren(...pairs.flatMap(([name, value]) => {
      const term = document.createElement("dt");
      term.textContent = name;
      const detail = document.createElement("dd");
      detail.textContent = value;
      return [term, detail];
    }));
  }

  function cards(id, hand) {
    const element = $(id);
    element.replaceChildren(...(hand ? hand.cards : []).map((card) => {
      const face = document.createElement("span");
      face.className = card.red ? "card red" : "card";
      face.textContent = card.rank + card.suit;
      return face;
    }));
  }

  function lastCoupShown(coup) {
    const section = document.querySelector(".last");
    section.dataset.outcome = coup ? coup.outcome : "";
    text("last-heading", coup ? words.last_coup.replace("{coup}", coup.coup) : words.no_coup);
    text("result", coup ? coup.result : "");
    for (const side of ["player", "banker"]) {
      const hand = coup && coup[side];
      text(`${side}-total`, hand ? String(hand.total) : "");
      cards(`${side}-cards`, hand);
    }
    section.classList.toggle("with-cards", Boolean(coup && coup.player));
    text("flags", coup ? coup.flags.join(" · ") : "");
  }

  function odds(state) {
    const known = state.cards;
    document.querySelector(".odds").hidden = !known && !state.text.odds;
    $("odds-list").hidden = !known;
    $("ranks").hidden = !known;
    $("ranks-heading").hidden = !known;
    text("odds-heading", known ? words.next_odds.replace("{n}", known.left) : words.next_coup);
    text("no-odds", known ? "" : state.text.odds || words.no_odds);
    if (!known) return;
    terms($("odds-list"), [[words.names.B, known.banker], [words.names.P, known.player],
      [words.names.T, known.tie]]);
    $("ranks").replaceChildren(...known.ranks.map(([rank, count]) => {
      const pair = document.createElement("div");
      const term = document.createElement("dt");
      term.textContent = rank;
      const detail = document.createElement("dd");
      detail.textContent = String(count);
      pair.append(term, detail);
      return pair;
    }));
  }

  async function code(state) {
    const taken = new Set((state.seats || []).map((seat) => seat.seat));
    let free = null;
    for (let seat = 1; seat <= state.posted.seats; seat += 1) {
      if (!taken.has(seat)) {
        free = seat;
        break;
      }
    }
    const sittings = JSON.stringify(state.sittings);
    if (codeSeat === `${free}:${sittings}`) return;
    codeSeat = `${free}:${sittings}`;
    if (free === null) {
      $("qr").replaceChildren();
      label("scan", words.all_taken);
      return;
    }
    try {
      const response = await fetch("/display/code", {cache: "no-store"});
      const answer = await response.json();
      if (!response.ok || answer.seat === null) throw new Error(answer.error);
      window.Roads.showSvg($("qr"), answer.svg);
      $("qr").dataset.url = answer.url;
      label("scan", words.scan.replace("{seat}", answer.seat));
    } catch (error) {
      codeSeat = undefined; // tried again at the next update
    }
  }

  function apply(state) {
    text("problem", state.error || ""); // e.g. the journal is missing, and how to go on
    for (const [road, svg] of Object.entries(state.grids)) {
      const figure = $(`grid-${road}`);
      if (figure && figure.dataset.svg !== svg) {
        window.Roads.showSvg(figure, svg);
        figure.dataset.svg = svg;
      }
    }
    text("name", state.posted.name);
    text("shoe-coup", state.shoe_coup);
    text("plan", state.text.plan);
    lastCoupShown(state.last_coup);
    terms($("count-list"), state.counts.map(([name, count]) => [name, String(count)]));
    odds(state);
    text("rules", state.posted.rules);
    rows($("bet-rows"), state.posted.bets.map((bet) => [bet.name, bet.pays, bet.limit]));
    rows($("seat-rows"), (state.seats || []).map((seat) => [String(seat.seat), seat.name || "",
      seat.shown.balance, seat.shown.box, seat.shown.staked]));
    code(state);
    const coup = state.last_coup;
    const key = coup ? `${state.text.shoe}:${coup.coup}:${coup.spoken}` : null;
    if (window.Roads.newCoup(state) && coup) {
      window.Roads.sound.coup(coup.spoken);
      if (key !== lastCoup) announce(`${coup.spoken} · ${state.shoe_coup}`);
    }
    lastCoup = key;
  }

  window.Roads.sound.setup($("sound"));
  apply(data.state);
  window.Roads.connect(apply);
})();
