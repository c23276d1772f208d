"""The live board's web page: the HTML, its words, and the state each update carries.

The page is one document with inline CSS and one static inline script (allowed by its hash in
the Content-Security-Policy, so no nonce is needed). Every value that varies reaches it either
through ``html.escape`` (HTML) or as JSON inside a ``<script type="application/json">`` block
with ``<``, ``>`` and ``&`` written as ``\\u`` escapes; the script writes them with
``textContent`` only.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from html import escape
from typing import Any

from roads.drawing.board import BoardOptions
from roads.drawing.themes import Theme, theme_named
from roads.hands.hand import Hand
from roads.hands.journal import Session, money
from roads.scoreboard import Scoreboard
from roads.translations import LANGUAGES, Labels


@dataclass(frozen=True, slots=True)
class Words:
    """The page's own words; the board's, and the notice, come from ``roads.translations``."""

    heading: str
    log_a_coup: str
    banker_pair: str
    player_pair: str
    natural: str
    undo: str
    new_shoe: str
    confirm_shoe: str
    shoe: str
    coup: str
    coups: str
    no_coups: str
    last: str
    balance: str
    live: str
    connecting: str
    offline: str
    logged: str
    undone: str
    shoe_started: str
    practice: str


WORDS = {
    "en": Words(
        heading="Live board",
        log_a_coup="Log a coup",
        banker_pair="Banker pair",
        player_pair="Player pair",
        natural="Natural",
        undo="Undo",
        new_shoe="New shoe",
        confirm_shoe="Tap again: new shoe",
        shoe="Shoe {n}",
        coup="1 coup",
        coups="{n} coups",
        no_coups="No coups yet",
        last="Last: {hand}",
        balance="Practice balance (play money): {amount}",
        live="Live",
        connecting="Connecting…",
        offline="Reconnecting…",
        logged="Logged",
        undone="Took back the last entry",
        shoe_started="Started a new shoe",
        practice="A practice record only: no real money, and no forecasts.",
    ),
    "zh": Words(
        heading="实时路单",
        log_a_coup="记录一局",
        banker_pair="庄对",
        player_pair="闲对",
        natural="例牌",
        undo="撤销",
        new_shoe="新牌靴",
        confirm_shoe="再按一次：新牌靴",
        shoe="第 {n} 靴",
        coup="1 局",
        coups="{n} 局",
        no_coups="尚无记录",
        last="上一局：{hand}",
        balance="练习余额（游戏币）：{amount}",
        live="实时",
        connecting="正在连接…",
        offline="正在重新连接…",
        logged="已记录",
        undone="已撤销上一条记录",
        shoe_started="已开始新牌靴",
        practice="仅供练习记录：不涉及真钱，也不作预测。",
    ),
    "zh-hant": Words(
        heading="即時路單",
        log_a_coup="記錄一局",
        banker_pair="莊對",
        player_pair="閒對",
        natural="例牌",
        undo="撤銷",
        new_shoe="新牌靴",
        confirm_shoe="再按一次：新牌靴",
        shoe="第 {n} 靴",
        coup="1 局",
        coups="{n} 局",
        no_coups="尚無記錄",
        last="上一局：{hand}",
        balance="練習餘額（遊戲幣）：{amount}",
        live="即時",
        connecting="正在連線…",
        offline="正在重新連線…",
        logged="已記錄",
        undone="已撤銷上一條記錄",
        shoe_started="已開始新牌靴",
        practice="僅供練習記錄：不涉及真錢，也不作預測。",
    ),
}

TEXT_FIELDS = ("shoe", "coups", "last", "balance")
"""Ids of the page elements whose text each update replaces."""

SCRIPT = """
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
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    });
  }

  async function post(path, body) {
    busy = true;
    enable();
    try {
      const response = await fetch(path, {
        method: "POST",
        headers: {"Content-Type": "application/json", "X-Roads-Token": data.token},
        body: JSON.stringify(body),
        cache: "no-store",
      });
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

  enable();
  connect();
})();
"""

SCRIPT_HASH = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode("ascii")

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        f"script-src 'sha256-{SCRIPT_HASH}'",
        "style-src 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    )
)
"""The page's policy: only its own hashed script runs, and it talks only to this server."""


def script_json(value: Any) -> str:
    """``value`` as JSON that is safe inside an HTML ``<script>`` element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _count(words: Words, coups: int) -> str:
    if coups == 0:
        return words.no_coups
    return words.coup if coups == 1 else words.coups.format(n=coups)


class Page:
    """The live board page of one journal, drawn with one set of board options."""

    def __init__(self, journal_name: str, options: BoardOptions, *, scale: float = 1.0) -> None:
        self.journal_name = journal_name
        self.options = options
        self.scale = scale
        self.labels: Labels = LANGUAGES[options.lang]
        self.words: Words = WORDS[options.lang]
        self.theme: Theme = theme_named(options.theme)

    # -- the state each update carries ---------------------------------------------------------

    def state(self, session: Session) -> dict[str, Any]:
        """What the page shows of ``session``: the board's SVG, its texts, whether undo can."""
        hands = session.hands()
        board = Scoreboard(hands)
        words = self.words
        balance = session.balance
        return {
            "svg": board.svg(options=self.options, scale=self.scale),
            "text": {
                "shoe": words.shoe.format(n=len(session.shoes)),
                "coups": _count(words, len(hands)),
                "last": words.last.format(hand=self.describe(hands[-1])) if hands else "",
                "balance": (
                    words.balance.format(amount=money(balance)) if balance is not None else ""
                ),
            },
            "can_undo": bool(session.shoes[-1]) or len(session.shoes) > 1,
            "error": None,
        }

    def empty_state(self, error: str) -> dict[str, Any]:
        """The state to show when the journal cannot be read before any board was drawn."""
        state = self.state(Session())
        state["error"] = error
        return state

    def describe(self, hand: Hand) -> str:
        """``hand`` in words, e.g. ``Banker · Player pair · Natural``."""
        names = {"B": self.labels.banker_name, "P": self.labels.player_name}
        parts = [names.get(hand.outcome.value, self.labels.tie_name)]
        flags = (
            (hand.banker_pair, self.words.banker_pair),
            (hand.player_pair, self.words.player_pair),
            (hand.natural, self.words.natural),
        )
        parts += [word for present, word in flags if present]
        return " · ".join(parts)

    # -- the document --------------------------------------------------------------------------

    def html(self, state: dict[str, Any], token: str) -> str:
        """The whole page showing ``state``; ``token`` lets its buttons write to the journal."""
        words, labels = self.words, self.labels
        text: dict[str, str] = state["text"]
        data = {
            "token": token,
            "words": {
                "live": words.live,
                "offline": words.offline,
                "logged": words.logged,
                "undone": words.undone,
                "shoe_started": words.shoe_started,
                "new_shoe": words.new_shoe,
                "confirm_shoe": words.confirm_shoe,
                "names": {
                    "B": labels.banker_name,
                    "P": labels.player_name,
                    "T": labels.tie_name,
                },
                "flags": {
                    "banker_pair": words.banker_pair,
                    "player_pair": words.player_pair,
                    "natural": words.natural,
                },
            },
        }
        heading = self.options.title or words.heading
        fields = "".join(
            f'<span id="{name}" data-field=""{"" if text[name] else " hidden"}>'
            f"{escape(text[name])}</span>"
            for name in TEXT_FIELDS
        )
        error = state["error"]
        outcomes = "".join(
            f'<button type="button" class="outcome {css}" data-outcome="{letter}">'
            f'<span class="letter">{escape(short)}</span>'
            # where the short label is the name itself (庄), show it once
            + (f'<span class="name">{escape(name)}</span>' if name != short else "")
            + "</button>"
            for letter, css, short, name in (
                ("B", "banker", labels.banker, labels.banker_name),
                ("P", "player", labels.player, labels.player_name),
                ("T", "tie", labels.tie, labels.tie_name),
            )
        )
        toggles = "".join(
            f'<button type="button" class="flag" data-flag="{flag}" aria-pressed="false">'
            f"{escape(word)}</button>"
            for flag, word in (
                ("banker_pair", words.banker_pair),
                ("player_pair", words.player_pair),
                ("natural", words.natural),
            )
        )
        return _TEMPLATE.format(
            lang=escape(self.options.lang),
            title=escape(f"{heading} · {self.journal_name}"),
            css=self._css(),
            heading=escape(heading),
            journal=escape(self.journal_name),
            connecting=escape(words.connecting),
            problem_hidden="" if error else " hidden",
            problem=escape(error or ""),
            svg=state["svg"],
            fields=fields,
            log_a_coup=escape(words.log_a_coup),
            toggles=toggles,
            outcomes=outcomes,
            undo=escape(words.undo),
            can_undo="true" if state["can_undo"] else "false",
            new_shoe=escape(words.new_shoe),
            notice=escape(" ".join(labels.notice)),
            practice=escape(words.practice),
            data=script_json(data),
            script=SCRIPT,
        )

    def _css(self) -> str:
        theme = self.theme
        colours = {
            "bg": theme.background,
            "panel": theme.panel,
            "frame": theme.frame,
            "grid": theme.grid,
            "text": theme.text,
            "muted": theme.muted,
            "banker": theme.banker,
            "player": theme.player,
            "tie": theme.tie,
            "natural": theme.natural,
            "on-mark": theme.on_mark,
            "notice-fill": theme.notice_fill,
            "notice-text": theme.notice_text,
        }
        variables = ";".join(f"--{name}:{value}" for name, value in colours.items())
        return f":root{{{variables}}}{_CSS}"


_CSS = """
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--bg);
color:var(--text);font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",
"Noto Sans CJK SC",sans-serif}
header{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 14px;width:100%;
max-width:1132px;margin:0 auto;padding:12px 16px 0}
h1{margin:0;font-size:1.2rem;font-weight:700}
.meta{display:flex;gap:14px;align-items:baseline;min-width:0;color:var(--muted);font-size:.9rem}
#journal{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:50vw}
#status{white-space:nowrap}
#status::before{content:"";display:inline-block;width:.6em;height:.6em;margin-right:.4em;
border-radius:50%;background:var(--tie)}
#status.off::before{background:var(--banker)}
main{flex:1;display:flex;flex-direction:column;gap:14px;padding:10px 16px 14px}
.board-area{width:fit-content;max-width:100%;margin:0 auto}
#problem{margin:0 0 10px;padding:10px 12px;border-radius:10px;background:var(--banker);
color:var(--on-mark);font-weight:600;overflow-wrap:anywhere}
#board{display:flex;justify-content:center;margin:0;line-height:0}
#board svg{display:block;width:auto;height:auto;max-width:100%;
max-height:max(40vh,calc(100vh - 385px));border-radius:12px;box-shadow:0 1px 3px rgb(0 0 0 / .18)}
#summary{display:flex;flex-wrap:wrap;gap:2px 16px;margin:10px 2px 0;font-size:1rem}
#summary span:first-child{font-weight:700}
#balance{flex-basis:100%;color:var(--muted)}
.controls{display:grid;gap:12px;grid-template-areas:"heading" "flags" "outcomes" "edits" "message"}
.controls h2{grid-area:heading}
.flags{grid-area:flags}
.outcomes{grid-area:outcomes}
.edits{grid-area:edits}
#message{grid-area:message}
.controls h2{margin:0;font-size:.8rem;font-weight:600;letter-spacing:.06em;
text-transform:uppercase;color:var(--muted)}
.row{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:10px}
.row.two{grid-template-columns:repeat(2,minmax(0,1fr))}
button{min-height:clamp(56px,9vh,76px);padding:6px 8px;border:2px solid var(--frame);
border-radius:14px;background:var(--panel);color:var(--text);font:inherit;font-weight:600;line-height:1.15;
cursor:pointer;touch-action:manipulation;user-select:none;-webkit-user-select:none;
-webkit-tap-highlight-color:transparent}
button:focus-visible{outline:3px solid var(--text);outline-offset:2px}
button:active:not(:disabled){transform:scale(.97)}
button:disabled{opacity:.45;cursor:default}
.flag[aria-pressed=true]{color:var(--on-mark);border-color:transparent}
.flag[data-flag=banker_pair][aria-pressed=true]{background:var(--banker)}
.flag[data-flag=player_pair][aria-pressed=true]{background:var(--player)}
.flag[data-flag=natural][aria-pressed=true]{background:var(--natural);color:#1d1600}
.flag{position:relative}
.flag[aria-pressed=true]::after{content:"✓";position:absolute;top:4px;right:8px;font-size:.85rem}
.outcome{min-height:clamp(112px,21vh,176px);display:flex;flex-direction:column;align-items:center;
justify-content:center;gap:4px;border:0;color:var(--on-mark)}
.outcome .letter{font-size:2.6rem;font-weight:800;line-height:1}
.outcome .name{font-size:1rem}
.banker{background:var(--banker)}
.player{background:var(--player)}
.tie{background:var(--tie)}
#new-shoe.armed{background:var(--banker);color:var(--on-mark);border-color:transparent}
#message{min-height:1.4em;margin:0;color:var(--muted);overflow-wrap:anywhere}
#message.error{color:var(--banker);font-weight:600}
footer{padding:12px 16px calc(12px + env(safe-area-inset-bottom));background:var(--notice-fill);
color:var(--notice-text);text-align:center}
footer strong{font-size:1.05rem}
footer span{display:block;font-size:.9rem}
@media (min-width:760px){
.controls{grid-template-columns:minmax(140px,1fr) minmax(0,3fr) minmax(140px,1fr);
grid-template-areas:"flags outcomes edits" "message message message";
width:100%;max-width:1100px;margin:0 auto}
.controls h2{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.flags,.edits{display:flex;flex-direction:column;gap:8px}
.flags button,.edits button{flex:1;min-height:44px}
.outcome{min-height:148px}
}
@media (min-width:760px) and (min-height:900px){.outcome{min-height:200px}}
@media (min-width:760px) and (min-height:900px) and (pointer:coarse){.controls{margin-top:auto}}
"""

_TEMPLATE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>{title}</title>
<style>{css}</style>
</head>
<body>
<header>
<h1>{heading}</h1>
<p class="meta"><span id="journal">{journal}</span>
<span id="status" class="off" role="status">{connecting}</span></p>
</header>
<main>
<section class="board-area">
<p id="problem" role="alert"{problem_hidden}>{problem}</p>
<figure id="board">{svg}</figure>
<p id="summary">{fields}</p>
</section>
<section class="controls" aria-labelledby="controls-heading">
<h2 id="controls-heading">{log_a_coup}</h2>
<div class="row flags">{toggles}</div>
<div class="row outcomes">{outcomes}</div>
<div class="row two edits">
<button type="button" id="undo" data-enabled="{can_undo}">{undo}</button>
<button type="button" id="new-shoe">{new_shoe}</button>
</div>
<p id="message" role="status" aria-live="polite"></p>
</section>
</main>
<footer><strong>{notice}</strong><span>{practice}</span></footer>
<script type="application/json" id="roads-data">{data}</script>
<script>{script}</script>
</body>
</html>
"""
