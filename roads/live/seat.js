"use strict";
// A seat's page: sit down, pick a chip, tap a bet. Every tap goes through the outbox
// (common.js); the seat's money, bets, results and statement come with each update.
(() => {
  const {data, $, announce} = window.Roads;
  const words = data.words;
  const number = data.seat;
  const CHIPS = [1, 5, 10, 25, 50, 100, 500, 1000, 5000, 25000];
  let state = data.state;
  // Which sitting at the seat this page's key is for: once its player leaves, the key is no
  // longer the seat's (the croupier's key always is).
  const sitting = data.valid ? (state.sittings || [])[number - 1] : null;
  let chip = null;
  let chipsShown = "";

  function say(text, isError) {
    const message = $("message");
    message.textContent = text;
    message.classList.toggle("error", Boolean(isError));
  }

  function mine(current) {
    return (current.seats || []).find((seat) => seat.seat === number) || null;
  }

  function valid(current) {
    return data.valid && (sitting === null || (current.sittings || [])[number - 1] === sitting);
  }

  function betText(on, stake) {
    const bet = current().posted.bets.find((item) => item.on === on);
    return words.bet.replace("{on}", bet ? bet.name : on).replace("{stake}", stake);
  }

  function current() {
    return state;
  }

  function chips(posted) {
    const lows = posted.bets.map((bet) => bet.low).filter((value) => value !== null);
    const highs = posted.bets.map((bet) => bet.high).filter((value) => value !== null);
    const low = lows.length ? Math.min(...lows) : 1;
    const high = highs.length ? Math.max(...highs) : Infinity;
    const values = CHIPS.filter((value) => value >= low && value <= high).slice(0, 8);
    const key = values.join(",");
    if (key === chipsShown) return;
    chipsShown = key;
    if (!values.includes(chip)) chip = values.find((value) => value >= low) || values[0] || low;
    $("chips").replaceChildren(...values.map((value) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = value;
      button.setAttribute("aria-pressed", String(value === chip));
      button.addEventListener("click", () => {
        chip = value;
        for (const other of $("chips").children) {
          other.setAttribute("aria-pressed", String(other === button));
        }
      });
      return button;
    }));
    $("spots").replaceChildren(...posted.bets.map((bet) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.on = bet.on;
      const name = document.createElement("span");
      name.textContent = bet.name;
      const terms = document.createElement("span");
      terms.className = "terms";
      terms.textContent = words.spot.replace("{pays}", bet.pays).replace("{limit}", bet.limit);
      button.append(name, terms);
      button.addEventListener("click", () => {
        box.add("/api/bet", {seat: number, on: bet.on, stake: chip},
          {kind: "bet", label: betText(bet.on, chip)});
        showBets();
      });
      return button;
    }));
  }

  function showBets() {
    const seat = mine(state);
    const lines = (seat ? seat.open : []).map((bet) => {
      const item = document.createElement("li");
      item.textContent = betText(bet.on, bet.stake);
      return item;
    });
    for (const item of box.items()) {
      if (item.path !== "/api/bet") continue;
      const line = document.createElement("li");
      line.className = "waiting";
      const after = item.after ? ` · ${words.bets_for.replace("{coup}", item.after + 1)}` : "";
      line.textContent = `${item.meta.label} — ${words.waiting}${after}`;
      lines.push(line);
    }
    if (!lines.length) {
      const none = document.createElement("li");
      none.textContent = words.no_bets;
      lines.push(none);
    }
    $("my-bets").replaceChildren(...lines);
    $("bets-heading").textContent = words.your_bets.replace("{coup}", state.next_coup);
  }

  function apply(next) {
    state = next;
    $("problem").textContent = next.error || ""; // e.g. the journal is missing, and how to go on
    box.state(next);
    const seat = mine(next);
    const ok = valid(next);
    $("wrong").hidden = ok;
    $("join").hidden = !ok || seat !== null;
    $("play").hidden = !ok || seat === null;
    if (seat) {
      $("who").textContent = seat.name || "";
      $("standing").textContent = words.standing.replace("{balance}", seat.shown.balance)
        .replace("{box}", seat.shown.box).replace("{left}", seat.shown.left);
      $("results").replaceChildren(...seat.last.map((result) => {
        const item = document.createElement("li");
        item.textContent = result.text;
        return item;
      }));
      $("statement-rows").replaceChildren(...seat.statement.map(([name, value]) => {
        const row = document.createElement("tr");
        const head = document.createElement("th");
        head.scope = "row";
        head.textContent = name;
        const cell = document.createElement("td");
        cell.textContent = value;
        row.append(head, cell);
        return row;
      }));
    }
    chips(next.posted);
    showBets();
    if (window.Roads.newCoup(next) && next.last_coup) {
      window.Roads.sound.coup(next.last_coup.spoken);
      announce(`${next.last_coup.spoken} · ${next.shoe_coup}`);
    }
  }

  const box = window.Roads.outbox(`seat-${number}`, {
    done(item, reply) {
      if (item.path === "/api/bet") {
        say(words.placed.replace("{bet}", item.meta.label).replace("{coup}", reply.coup), false);
      } else if (item.path === "/api/leave") {
        say(words.left_seat.replace("{seat}", number), false);
      } else {
        say(reply.said || "", false);
      }
      showBets();
    },
    refused(item, reason) {
      window.Roads.sound.refused();
      say(`${words.refused}: ${reason}`, true);
      announce(`${words.refused}: ${reason}`);
      showBets();
    },
    waits(item, reply) {
      say(words.waits.replace("{bet}", item.meta.label).replaceAll("{closed}", reply.coup)
        .replace("{next}", reply.coup + 1), false);
      showBets();
    },
    changed() {
      if (state) showBets();
    },
  });

  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("player-name").value.trim();
    const bankroll = Number($("player-bankroll").value.replace(/,/g, ""));
    if (!name) {
      $("player-name").focus();
      return;
    }
    if (!(bankroll > 0)) {
      $("player-bankroll").focus();
      return;
    }
    box.add("/api/join", {seat: number, name, bankroll}, {kind: "join"});
  });

  let armed = null;
  const leave = $("leave");
  function disarm() {
    clearTimeout(armed);
    armed = null;
    leave.textContent = words.leave;
    leave.classList.remove("armed");
  }
  leave.addEventListener("click", () => {
    if (armed === null) {
      leave.textContent = words.confirm_leave;
      leave.classList.add("armed");
      announce(words.confirm_leave);
      armed = setTimeout(disarm, 8000);
      return;
    }
    disarm();
    box.add("/api/leave", {seat: number}, {kind: "leave"});
  });
  leave.addEventListener("blur", () => {
    if (armed !== null) disarm();
  });

  window.Roads.sound.setup($("sound"));
  apply(state);
  window.Roads.connect(apply);
})();
