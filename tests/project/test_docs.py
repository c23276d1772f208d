"""The documentation stands alone and keeps up with the code: every link in README and docs/
resolves inside the repository, nothing points at files outside it, every command and every
public name is documented, every option the docs use exists, and the site builds in strict mode.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit

import click
import pytest
from command_line import run

import roads
from roads.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
README = ROOT / "README.md"

# [text](target) and ![alt](target), and <img src="target">; code spans and blocks are removed
# first, so examples of Markdown inside them are not taken for links.
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HTML_SRC = re.compile(r"""<(?:img|a)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.DOTALL | re.MULTILINE)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_SITE_ONLY = re.compile(r"^(?:--8<--|:::|!!!|\?\?\?)", re.MULTILINE)
"""Lines only the built site understands (snippets, mkdocstrings, admonitions)."""


def _prose(text: str) -> str:
    return _CODE_SPAN.sub("", _FENCE.sub("", text))


def _links(path: Path, text: str | None = None) -> list[str]:
    """The links of ``path``'s page, or of ``text`` (the page as the site renders it)."""
    prose = _prose(path.read_text(encoding="utf-8") if text is None else text)
    return _LINK.findall(prose) + _HTML_SRC.findall(prose)


def _anchors(page: Path) -> set[str]:
    """The heading anchors of a page, as Python-Markdown's toc extension makes them."""
    anchors = set()
    for line in _FENCE.sub("", page.read_text(encoding="utf-8")).splitlines():
        match = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            title = re.sub(r"[`*_\[\]()]", "", match.group(1)).lower()
            slug = re.sub(r"[^\w\s-]", "", title).strip()
            anchors.add(re.sub(r"[-\s]+", "-", slug))
    return anchors


def _documents() -> list[Path]:
    return [README, *PAGES]


@pytest.mark.parametrize("document", _documents(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_link_resolves_inside_the_repository(document: Path) -> None:
    """Every link of a page resolves in the repository; on the site (docs/ alone), inside
    docs/: the links the file holds to the code and the changelog are for readers of the file,
    and the site shows what they link to instead (``docs/hooks.py``)."""
    _check_links(document, _links(document), ROOT)
    if document.is_relative_to(DOCS):
        site = _site_markdown(document.relative_to(DOCS).as_posix())
        _check_links(document, _links(document, site), DOCS)


def _check_links(document: Path, links: list[str], inside: Path) -> None:
    base = document.parent
    for target in links:
        parts = urlsplit(target)
        if parts.scheme in {"http", "https", "mailto"}:
            continue
        assert not parts.scheme, f"{document.name}: {target!r}"
        assert "shared" not in Path(unquote(parts.path)).parts, f"{document.name}: {target!r}"
        if not parts.path:  # a link to an anchor of this page
            assert parts.fragment in _anchors(document), f"{document.name}: {target!r}"
            continue
        resolved = (base / unquote(parts.path)).resolve()
        assert resolved.exists(), f"{document.name}: {target!r} does not exist"
        assert resolved.is_relative_to(inside), f"{document.name}: {target!r} leaves {inside}"
        if parts.fragment and resolved.suffix == ".md":
            assert parts.fragment in _anchors(resolved), f"{document.name}: {target!r}"


def test_links_are_found() -> None:
    """The link finder itself: it must see the links the pages are known to hold."""
    assert "docs/index.md" in _links(README)
    assert "img/board.png" in _links(DOCS / "index.md")
    assert "../img/dragon-7-7.png" in _links(DOCS / "rules" / "roads.md")


@pytest.mark.parametrize("page", _documents(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_page_reads_as_a_file_with_nothing_only_the_site_understands(page: Path) -> None:
    """A reader of the repository's own pages sees no placeholder (``--8<-- "show.txt"``,
    ``::: roads.scoreboard.Scoreboard``, ``!!! warning``): outputs are in the pages, the API
    page links to modules, the notice is a quote."""
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    assert _SITE_ONLY.findall(text) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_sample_output_a_page_shows_is_one_the_script_makes(page: Path) -> None:
    pictures = _make_pictures()
    shown = pictures.shown_outputs(page.read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    names: list[str] = pictures.OUTPUT_NAMES  # type: ignore[attr-defined]
    assert [name for name, _ in shown if name not in names] == []
    marked = len(re.findall(r"^<!-- output ", page.read_text(encoding="utf-8"), re.M))
    assert len(shown) == marked, "a marker the script cannot read: see docs/make_pictures.py"


def test_the_site_shows_the_reference_and_the_changelog_the_files_link_to() -> None:
    api = _site_markdown("api.md")
    assert len(re.findall(r"^::: roads\.[\w.]+$", api, re.M)) > 20
    assert "    options:\n      members:\n        - roads\n" in api
    assert "- [`roads." not in api
    assert _site_markdown("changelog.md") == (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    index = _site_markdown("index.md")
    assert '!!! warning "Past results do not predict the next hand"\n    Every coup' in index
    assert "[!WARNING]" not in index


def test_the_dependencies_getting_started_names_are_the_packages() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    required = [re.split(r"[<>=!~ ;\[]", spec, maxsplit=1)[0] for spec in project["dependencies"]]
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
    text = " ".join((DOCS / "getting-started.md").read_text(encoding="utf-8").split())
    said = re.search(r"with their (\w+) dependencies: ([^.]*)\.", text)
    assert said is not None
    assert said.group(1) == words[len(required)]
    named = said.group(2).lower().replace("_", "-")
    assert [name for name in required if name.lower().replace("_", "-") not in named] == []


def _text_files() -> list[Path]:
    """The repository's own text files (README, docs, package, tests, examples, tooling)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        paths = [ROOT / name for name in listed]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: an sdist
        paths = [path for path in ROOT.rglob("*") if ".git" not in path.parts]
    suffixes = {".md", ".py", ".txt", ".sh", ".toml", ".yml", ".json", ".html", ".js", ".css"}
    return [
        path
        for path in paths
        if path.is_file() and (path.suffix in suffixes or path.parent.name == ".ci")
    ]


def test_nothing_links_outside_the_repository() -> None:
    files = _text_files()
    assert any(path.name == "README.md" for path in files)
    offenders = [
        str(path.relative_to(ROOT))
        for path in files
        if path.name != "test_docs.py" and "../shared" in path.read_text(errors="replace")
    ]
    assert offenders == []


def test_what_users_read_names_no_rules_file_they_do_not_have() -> None:
    """README, docs/, the package and the examples point to docs/, not to the rules files the
    project was built from (GAME.md, ROADS.md, EXPORT.md), which a clone does not hold."""
    spec = re.compile(r"\b(GAME|ROADS|EXPORT)\.md\b")
    offenders = [
        str(path.relative_to(ROOT))
        for path in _text_files()
        if path.relative_to(ROOT).parts[0] in {"README.md", "docs", "roads", "examples"}
        and spec.search(path.read_text(errors="replace"))
    ]
    assert offenders == []


def test_the_export_help_points_to_the_docs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["export", "--help"], capsys)
    assert code == 0
    assert "docs/export.md" in " ".join(out.split())
    assert (ROOT / "docs" / "export.md").is_file()


def _listed_commands(capsys: pytest.CaptureFixture[str]) -> list[str]:
    code, out, _ = run(["--help"], capsys)
    assert code == 0
    listing = out.split("Commands:", 1)[1]
    return [line.split()[0] for line in listing.splitlines() if line.startswith("  ")]


def test_every_command_has_its_section_in_the_tour(capsys: pytest.CaptureFixture[str]) -> None:
    listed = _listed_commands(capsys)
    assert set(listed) == set(COMMANDS)
    tour = (DOCS / "commands.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## roads (\S+)$", tour, flags=re.MULTILINE)
    assert headings == listed, "docs/commands.md: one '## roads NAME' section per command, in order"
    readme = README.read_text(encoding="utf-8")
    assert [name for name in listed if f"`roads {name}`" not in readme] == []


def _site_markdown(name: str) -> str:
    """The Markdown the site renders for ``docs/NAME`` (``docs/hooks.py``)."""
    spec = importlib.util.spec_from_file_location("hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    page = (DOCS / name).read_text(encoding="utf-8")
    site: str = hooks.site_markdown(page, name)
    return site


def _documented_objects() -> dict[str, object]:
    """Every object a ``::: path`` directive of the site documents, by its path."""
    found: dict[str, object] = {}
    for page in PAGES:
        site = _site_markdown(page.relative_to(DOCS).as_posix())
        for path in re.findall(r"^::: ([\w.]+)\s*$", site, re.M):
            module_name, _, name = path.rpartition(".")
            found[path] = getattr(importlib.import_module(module_name), name)
    return found


def test_every_public_name_is_in_the_api_reference() -> None:
    documented = _documented_objects().values()
    missing = [
        name
        for name in roads.__all__
        if not any(getattr(roads, name) is value for value in documented)
    ]
    assert missing == [], "add these to docs/api.md"


def test_the_scoreboard_reference_lists_every_public_member() -> None:
    """docs/api.md lists the Scoreboard's members by name (inherited ones included)."""
    page = _site_markdown("api.md")
    block = page.split("::: roads.scoreboard.Scoreboard", 1)[1].split(":::", 1)[0]
    listed = set(re.findall(r"^\s+- (\w+)$", block, flags=re.M))
    public = {name for name in dir(roads.Scoreboard) if not name.startswith("_")}
    assert sorted(public - listed) == []


def _command_options(name: str) -> set[str]:
    command = COMMANDS[name].load()
    assert isinstance(command, click.Command)
    options = {"--help", "-h"}
    for parameter in command.params:
        options.update(parameter.opts)
        options.update(parameter.secondary_opts)
    return options


def _shell_lines(text: str) -> list[str]:
    """The commands of the shell blocks (in a console block, the lines after a ``$`` prompt)."""
    blocks = re.findall(r"^```(sh|console|bash)\n(.*?)^```", text, flags=re.DOTALL | re.M)
    lines = []
    for kind, block in blocks:
        for raw in block.splitlines():
            if kind == "console" and not raw.startswith("$ "):
                continue  # output
            command = raw.removeprefix("$ ").split("#", 1)[0].strip()
            lines.extend(part.strip() for part in re.split(r"\||&&", command))
    return lines


@pytest.mark.parametrize("document", _documents(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_option_the_docs_use_exists(document: Path) -> None:
    for line in _shell_lines(document.read_text(encoding="utf-8")):
        words = line.split()
        if len(words) < 2 or words[0] != "roads" or words[1].startswith("-"):
            continue
        assert words[1] in COMMANDS, f"{document.name}: {line}"
        options = _command_options(words[1])
        used = {word.split("=", 1)[0] for word in words[2:] if word.startswith("-") and word != "-"}
        assert used <= options, f"{document.name}: {line}: {sorted(used - options)}"


def test_the_site_builds_in_strict_mode(docs_build: tuple[Path, int, str]) -> None:
    site, code, stderr = docs_build  # mkdocs build --strict, once for the run
    assert code == 0, stderr
    assert (site / "index.html").is_file()
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    for name in roads.__all__:
        assert name in api, name
    assert "Bases:" not in api  # the public classes' internal bases (roads.grids.roads.Roads)


def _make_pictures() -> object:
    spec = importlib.util.spec_from_file_location("make_pictures", DOCS / "make_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.stress  # every sample's command, run again (5 s here): CI runs it
def test_the_sample_outputs_in_the_docs_are_what_roads_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The sample outputs the pages show (between ``<!-- output NAME -->`` and
    ``<!-- /output -->``) are today's output: after a change of output, run
    ``python docs/make_pictures.py``."""
    pictures = _make_pictures()
    outputs: list[tuple[str, list[str]]] = pictures.OUTPUTS  # type: ignore[attr-defined]
    printed = {}
    for name, args in outputs:
        code, out, _ = run(args, capsys)
        assert code == 0, (name, args)
        printed[name] = out
    printed["odds-summary"] = pictures.odds_summary()  # type: ignore[attr-defined]
    printed["study-conclusions"] = pictures.study_conclusions()  # type: ignore[attr-defined]
    stale = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        if pictures.with_outputs(text, printed) != text:  # type: ignore[attr-defined]
            stale.append(str(page.relative_to(ROOT)))
    assert stale == [], "run python docs/make_pictures.py"


def test_every_picture_the_script_makes_is_shown() -> None:
    pictures = _make_pictures()
    made = [name for name, _ in pictures.PICTURES]  # type: ignore[attr-defined]
    made += [name for name, _, _ in pictures.SCREENSHOTS]  # type: ignore[attr-defined]
    pages = "\n".join(page.read_text(encoding="utf-8") for page in PAGES)
    assert [name for name in made if f"img/{name})" not in pages] == []
    assert [name for name in made if not (DOCS / "img" / name).is_file()] == []


@pytest.mark.parametrize(
    "document",
    [
        README,
        DOCS / "getting-started.md",
        DOCS / "api.md",
        # its examples study and animate whole shoes (8 s here): CI runs them (--stress)
        pytest.param(DOCS / "cookbook" / "notebook.md", marks=pytest.mark.stress),
    ],
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_the_python_examples_run(
    document: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each page's Python blocks, in order, in one namespace, in a folder of the test's own."""
    blocks = re.findall(r"^```python\n(.*?)^```", document.read_text(encoding="utf-8"), re.S | re.M)
    assert blocks
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in blocks:
        exec(compile(block, str(document), "exec"), namespace)


def test_the_journal_example_is_what_roads_log_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = str(tmp_path / "game.jsonl")
    for action in (
        ["--add", "BPb"],
        ["--cards", "2h 3d 8c / Ks 3h"],
        ["--bankroll", "1000", "--bet", "banker:10"],
        ["--add", "P"],
        ["--undo"],
    ):
        code, _, _ = run(["log", journal, "-q", *action], capsys)
        assert code == 0, action
    page = (DOCS / "journal.md").read_text(encoding="utf-8")
    example = page.split("A short session, as `roads log` writes it:\n\n```json\n", 1)[1]
    assert example.split("```", 1)[0] == Path(journal).read_text(encoding="utf-8")


_INTERNAL = re.compile(r"roads\.(?:grids|game|backends|translations|hands|drawing|tables)\b")
_ROLE = re.compile(r":(?:data|mod|func|class|meth|attr):")


def test_the_api_pages_docstrings_name_no_internal_module() -> None:
    """The page says modules not shown are internal: its words never send a reader there, and
    no Sphinx role is left for mkdocstrings to print as it is."""
    documented = re.findall(r"^::: (\S+)$", _site_markdown("api.md"), re.MULTILINE)
    assert len(documented) > 20
    found = []
    for path in documented:
        module_name, _, name = path.rpartition(".")
        target = getattr(importlib.import_module(module_name), name)
        members = {name: target}
        if isinstance(target, type):
            members.update(vars(target))
        for member_name, member in members.items():
            documented_object = member.fget if isinstance(member, property) else member
            if not member_name.startswith("_"):
                text = getattr(documented_object, "__doc__", None) or ""
                found += [f"{path}: {hit}" for hit in _INTERNAL.findall(text) + _ROLE.findall(text)]
    assert found == []


_EXAMPLE_COMMAND = re.compile(r"`(roads simulate [^`]*-o examples/eight-decks\.jsonl)`")


@pytest.mark.parametrize(
    "document", [README, DOCS / "getting-started.md"], ids=lambda path: path.name
)
def test_the_example_shoe_is_what_the_documented_command_deals(
    document: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """README and getting started name the command that dealt examples/eight-decks.jsonl: run
    as written (into a folder of the test's own), it writes the same bytes."""
    text = " ".join(document.read_text(encoding="utf-8").split())
    commands = _EXAMPLE_COMMAND.findall(text)
    assert commands, f"{document.name} names no command for examples/eight-decks.jsonl"
    for command in commands:
        args = command.split()[1:]
        args[args.index("examples/eight-decks.jsonl")] = str(tmp_path / "shoe.jsonl")
        code, _, err = run(args, capsys)
        assert code == 0, err
        made = (tmp_path / "shoe.jsonl").read_bytes()
        assert made == (ROOT / "examples" / "eight-decks.jsonl").read_bytes(), command
