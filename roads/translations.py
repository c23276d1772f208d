"""Every word roads shows (board, text board, live page, report and its charts), in English,
simplified Chinese and traditional Chinese: the one translations module.

The shipped font is subset from the characters of this file (``fonts/build.py``), so a label
added here needs the font rebuilt; a test checks the font covers every label.
"""

from __future__ import annotations

from dataclasses import dataclass

from roads.notice import NOTICE


@dataclass(frozen=True, slots=True)
class Labels:
    title: str
    bead_plate: str
    big_road: str
    big_eye_boy: str
    small_road: str
    cockroach_pig: str
    banker: str
    player: str
    tie: str
    banker_name: str
    player_name: str
    tie_name: str
    coups: str
    banker_pairs: str
    player_pairs: str
    naturals: str
    ask: str
    if_banker: str
    if_player: str
    notice: tuple[str, ...]


ENGLISH = Labels(
    title="Baccarat scoreboard",
    bead_plate="Bead plate",
    big_road="Big road",
    big_eye_boy="Big Eye Boy",
    small_road="Small Road",
    cockroach_pig="Cockroach Pig",
    banker="B",
    player="P",
    tie="T",
    banker_name="Banker",
    player_name="Player",
    tie_name="Tie",
    coups="Coups",
    banker_pairs="Banker pairs",
    player_pairs="Player pairs",
    naturals="Naturals",
    ask="Ask road, not a forecast: what each derived road would add",
    if_banker="if the next coup is Banker",
    if_player="if the next coup is Player",
    notice=(NOTICE,),
)

SIMPLIFIED = Labels(
    title="百家乐路单",
    bead_plate="珠盘路",
    big_road="大路",
    big_eye_boy="大眼仔",
    small_road="小路",
    cockroach_pig="曱甴路",
    banker="庄",
    player="闲",
    tie="和",
    banker_name="庄",
    player_name="闲",
    tie_name="和",
    coups="局数",
    banker_pairs="庄对",
    player_pairs="闲对",
    naturals="例牌",
    ask="问路（非预测）：各下三路将加上的标记",
    if_banker="若下一局为庄",
    if_player="若下一局为闲",
    notice=("过往结果不能预测下一局。", NOTICE),
)

TRADITIONAL = Labels(
    title="百家樂路單",
    bead_plate="珠盤路",
    big_road="大路",
    big_eye_boy="大眼仔",
    small_road="小路",
    cockroach_pig="曱甴路",
    banker="莊",
    player="閒",
    tie="和",
    banker_name="莊",
    player_name="閒",
    tie_name="和",
    coups="局數",
    banker_pairs="莊對",
    player_pairs="閒對",
    naturals="例牌",
    ask="問路（非預測）：各下三路將加上的標記",
    if_banker="若下一局為莊",
    if_player="若下一局為閒",
    notice=("過往結果不能預測下一局。", NOTICE),
)

LANGUAGES = {"en": ENGLISH, "zh": SIMPLIFIED, "zh-hant": TRADITIONAL}

SYMBOLS = "○●╱·—×"
"""Non-letter marks boards and the text form use besides the labels."""
