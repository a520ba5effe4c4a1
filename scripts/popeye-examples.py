#!/usr/bin/env python3
"""Runs `arbiter puzzle solve` over Popeye's own example files and compares with Popeye's answers.

    scripts/popeye-examples.py MIRROR [--arbiter build/arbiter] [--timeout 10] [--only PATH...]
                               [--list] [--emit DIR [--max-seconds 0.05]]
                               [--emit-slow DIR [--slow-seconds 1]]

MIRROR is a clone (or bare git dir) of https://github.com/thomas-maeder/popeye. Every .inp file
of BEISPIEL/, EXAMPLES/, TESTS/ and REGRESSIONS/ is cut into its problems (at NextProblem), and
each problem is solved on its own (`arbiter puzzle solve --json`, one process per problem, so
that a slow one costs only its timeout). Popeye is not run: its answers are the output files
it wrote with -regression, REGRESSIONTESTS/NAME.out (for BEISPIEL), .ref (EXAMPLES), .tst
(TESTS) and .reg (REGRESSIONS). Each problem is sorted into

  identical    arbiter's keys (#n, s#n; with the threats where Popeye prints them, the tries
               and refutations where Popeye lists tries) or solution lines (h#n), and the set
               play where both print it, are Popeye's
  different    something of that differs (each difference printed)
  unsupported  arbiter's reader rejects it, named by what it needs (condition, stipulation,
               piece, option, ...)
  slow         not solved within --timeout seconds

and the counts are printed. Moves are compared as moves, not as text: Popeye's long algebraic
(German or English letters, Da7-f2, e5*d6 ep., 0-0) against arbiter's SAN (Qf2, exd6, O-O).
The verdict is read from arbiter's output, never from its exit status.

--emit DIR writes, for every file with identical problems that arbiter solves within
--max-seconds each, DIR/FOLDER_NAME.inp (those problems, unchanged, joined by NextProblem) and
DIR/FOLDER_NAME.popeye (Popeye's answers for them, one block per arbiter result, in Popeye's
notation), which tests/cli/puzzle/popeye_examples_test.cpp checks; --emit-slow DIR likewise
for those up to --slow-seconds (popeye_examples_slow_test.cpp). A problem with a position both
programs reject is counted identical but not written. The README rows are printed at the end.
"""

import argparse
import collections
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time

FOLDERS = {"BEISPIEL": ".out", "EXAMPLES": ".ref", "TESTS": ".tst", "REGRESSIONS": ".reg"}

# Popeye's piece letters by language, to arbiter's SAN letters (Popeye's English S is the
# knight; its N is the nightrider, a fairy piece).
LETTERS = {
    "en": {"K": "K", "Q": "Q", "R": "R", "B": "B", "S": "N"},
    "de": {"K": "K", "D": "Q", "T": "R", "L": "B", "S": "N"},
    "fr": {"R": "K", "D": "Q", "T": "R", "F": "B", "C": "N"},
}
BEGIN = {"en": "beginproblem", "de": "anfangproblem", "fr": "debutprobleme"}
NEXT = {"en": "nextproblem", "de": "weiteresproblem", "fr": "asuivre"}
END = {"en": "endproblem", "de": "endeproblem", "fr": "finprobleme"}
OPTION = {"en": "option", "de": "option", "fr": "option"}
TRY = {"en": "try", "de": "verfuehrung", "fr": "essais"}


def git(mirror, *args):
    return subprocess.run(["git", "-C", mirror, *args], check=True, capture_output=True).stdout


def prefix_of(word, keyword, minimum=3):
    w = word.lower()
    return len(w) >= min(minimum, len(keyword)) and keyword.startswith(w)


# ---------------------------------------------------------------------------------------------
# Popeye's input: the problems of a file


def split_problems(text):
    """(language, begin word, [(first line index, last line index)]) of a Popeye file."""
    lines = text.split("\n")
    first = next((i for i, l in enumerate(lines) if l.split()), None)
    if first is None:
        return None, None, []
    word = lines[first].split()[0]
    lang = next((l for l, k in BEGIN.items() if prefix_of(word, k)), None)
    if lang is None:
        return None, None, []
    problems, start = [], first
    for i in range(first + 1, len(lines)):
        words = lines[i].split()
        if not words:
            continue
        # Four letters at least: "wei" starts a line of White's pieces as often as Popeye's
        # WeiteresProblem.
        if prefix_of(words[0], NEXT[lang], 4):
            problems.append((start, i - 1))
            start = i + 1
        elif prefix_of(words[0], END[lang], 3):
            problems.append((start, i - 1))
            start = None
            break
    if start is not None:
        problems.append((start, len(lines) - 1))
    return lang, word, problems


def problem_file(lines, lang, begin, span):
    """The text of one problem as a file of its own, each line at its original number."""
    out = [""] * span[0] + lines[span[0] : span[1] + 1]
    if not starts_with_begin(lines[span[0]], lang):
        out[0] = begin
    return "\n".join(out) + "\n" + END[lang] + "\n"


def starts_with_begin(line, lang):
    return bool(line.split()) and prefix_of(line.split()[0], BEGIN[lang])


def asks_for_tries(lines, lang, span):
    for line in lines[span[0] : span[1] + 1]:
        words = re.split(r"[\s;,]+", line.strip())
        if words and prefix_of(words[0], OPTION[lang]):
            if any(len(w) >= 2 and TRY[lang].startswith(w.lower()) for w in words[1:]):
                return True
    return False


# ---------------------------------------------------------------------------------------------
# Moves

POPEYE_MOVE = re.compile(
    r"^(?P<pc>[A-Z][A-Z0-9]?)?(?P<from>[a-h][1-8])[-*](?P<to>[a-h][1-8])"
    r"(?:=(?P<promo>[A-Z][A-Z0-9]?))?$"
)
SAN_MOVE = re.compile(
    r"^(?P<pc>[KQRBN])?(?P<dis>[a-h]?[1-8]?)x?(?P<to>[a-h][1-8])(?:=(?P<promo>[QRBN]))?"
    r"(?:e\.p\.)?[+#]?$"
)
NUMBER = re.compile(r"^\d+\.(\.\.)?")


def popeye_move(token, lang):
    """A Popeye move as (piece, from, to, promotion), ('O-O',) / ('O-O-O',), or None."""
    token = NUMBER.sub("", token)
    if token in ("0-0", "0-0-0"):
        return ("O-O" if token == "0-0" else "O-O-O",)
    m = POPEYE_MOVE.match(token)
    if not m:
        return None
    letters = LETTERS[lang]
    pc = m["pc"]
    piece = "P" if pc is None else letters.get(pc, "?" + pc)
    promo = None if m["promo"] is None else letters.get(m["promo"], "?" + m["promo"])
    return (piece, m["from"], m["to"], promo)


def san_matches(san, move):
    """Whether arbiter's SAN `san` is Popeye's move `move`."""
    san = san.rstrip("+#")
    if move is None:
        return False
    if len(move) == 1:
        return san == move[0]
    m = SAN_MOVE.match(san)
    if not m:
        return False
    piece, frm, to, promo = move
    if (m["pc"] or "P") != piece or m["to"] != to or m["promo"] != promo:
        return False
    return all(c in frm for c in m["dis"])


def popeye_moves(text, lang):
    """The moves of a Popeye line: tokens that are moves, numbers stripped, marks dropped."""
    moves = []
    for token in text.split():
        token = re.sub(r"\[.*", "", token)  # Circe rebirths and the like: fairy, kept unparsed
        bare = NUMBER.sub("", token)
        if bare in ("", "...", "+", "#", "=", "!", "?", "ep.", "z") or bare.endswith(":"):
            continue
        if bare.lower() in ("zugzwang.", "threat:", "drohung:", "but", "aber"):
            continue
        moves.append(token)
    return moves


def same_line(sans, pmoves, lang):
    sans = [s for s in sans if s not in ("...",)]
    return len(sans) == len(pmoves) and all(
        san_matches(s, popeye_move(p, lang)) for s, p in zip(sans, pmoves)
    )


def match_sets(ours, theirs, same):
    """(ours without a partner, theirs without a partner)."""
    left, right = list(ours), list(theirs)
    for o in list(left):
        for t in right:
            if same(o, t):
                left.remove(o)
                right.remove(t)
                break
    return left, right


# ---------------------------------------------------------------------------------------------
# Popeye's output


# Popeye's output/message.c: the end of a problem's solution, and of a partial one (stopped by
# MaxSolutions, StopOnShortSolutions or MaxTime).
FINISHED = ("solution finished.", "Loesung beendet.", "solution terminee.")
PARTIAL = ("Partial solution", "Partielle Loesung", "solution partielle")
PARTIAL_MARK = "(partial)"


def output_problems(text):
    """Popeye's output cut at 'solution finished.' into problems: lists of lines."""
    problems, current = [], []
    for line in text.split("\n"):
        if line.strip() in FINISHED:
            problems.append(current)
            current = []
        elif line.strip() in PARTIAL:
            problems.append(current + [PARTIAL_MARK])
            current = []
        else:
            current.append(line)
    return problems


STIPULATION = {"en": "stipulation", "de": "forderung", "fr": "enonce"}


def input_stipulation(lines, lang, span):
    for line in lines[span[0] : span[1] + 1]:
        words = line.split()
        if len(words) > 1 and prefix_of(words[0], STIPULATION[lang]):
            return words[1]
    return None


def output_stipulation(problem):
    for line in problem:
        m = re.match(r"^  (\S+)\s+\d+ \+ \d+", line)
        if m:
            return m.group(1)
    return None


def align(lines, lang, spans, answers):
    """Popeye's answer of each input problem, or None. Popeye prints nothing for a problem it
    rejects, so where the counts differ, the problems are paired by their stipulations (the
    longest common subsequence)."""
    if len(answers) == len(spans):
        return list(answers)
    ins = [input_stipulation(lines, lang, span) for span in spans]
    outs = [output_stipulation(a) for a in answers]
    n, m = len(ins), len(outs)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            same = ins[i] is not None and ins[i] == outs[j]
            best[i][j] = max(best[i + 1][j], best[i][j + 1], best[i + 1][j + 1] + same)
    paired, i, j = [None] * n, 0, 0
    while i < n and j < m:
        if ins[i] is not None and ins[i] == outs[j] and best[i][j] == best[i + 1][j + 1] + 1:
            paired[i] = answers[j]
            i, j = i + 1, j + 1
        elif best[i][j] == best[i + 1][j]:
            i += 1
        else:
            j += 1
    return paired


STATS = "add_to_move_generation_stack:"


def segments(lines):
    """A problem's output cut into solving phases (one per arbiter result: twins, duplex
    halves), each (twin label, lines, line numbers)."""
    out, current, twin = [], [], ""
    in_stats = False
    for line in lines:
        if STATS in line:
            note = line[: line.index(STATS)].strip()  # "the side to play can capture the king"
            out.append((twin, current + ([note] if note else [])))
            current, in_stats = [], True
            continue
        if in_stats and re.match(r"^\s*\w+:\s+\d+$", line):
            continue
        in_stats = False
        m = re.match(r"^([a-z]\d*)\) ", line)
        if m and not line.startswith(" "):
            twin = line.strip()
            continue
        current.append(line)
    return out


# A line of moves (not a header line such as "1. Preis, ..."): "1.Da7-f2", "1...Kb8",
# "1...  ...", "1.0-0".
MOVE_LINE = re.compile(r"^1\.(\.\.)?(\s*\.\.\.|[A-Za-z]{0,2}[a-h][1-8]|0-0)")


class Answer:
    """What Popeye printed for one solving phase."""

    def __init__(self):
        self.keys = []  # [(move token, threats or None)]
        self.tries = []  # [(move token, [refutations])]
        self.solutions = []  # [[move tokens]] of helpmates
        self.set_lines = []  # [[move tokens]]: helpmate set play
        self.set_play = []  # [(defence, [continuation first moves])]: direct set play
        self.notes = []  # lines Popeye printed that are not moves


def parse_direct(lines, lang):
    a = Answer()
    current, mode, seen_first = None, None, False
    for line in lines:
        s = line.strip()
        if not s:
            continue
        words = s.split()
        if MOVE_LINE.match(s) and not s.startswith("1..."):
            seen_first = True
            move = words[0]
            rest = words[1:]
            if "!" in rest:
                threats = [] if any(w.lower() in ("zugzwang.",) for w in rest) else None
                if any(w in ("threat:", "Drohung:") for w in rest):
                    threats = []
                a.keys.append((move, threats))
                current, mode = a.keys[-1], "threat" if threats is not None else None
            elif "?" in rest:
                a.tries.append((move, []))
                current, mode = a.tries[-1], "try"
            else:
                a.notes.append(s)
                current, mode = None, None
            continue
        if s in ("but", "Aber", "mais"):
            mode = "refutation"
            continue
        if MOVE_LINE.match(s) and s.startswith("1..."):
            if not seen_first:
                a.set_play.append((words[0], []))
                current, mode = a.set_play[-1], "set"
                continue
            if mode == "refutation" and "!" in words:
                current[1].append(words[0])
                continue
            mode = None
            continue
        if re.match(r"^2\.[^.]", s):
            if mode == "threat":
                current[1].append(words[0])
            elif mode == "set":
                current[1].append(words[0])
            continue
        if re.match(r"^\d+\.", s):
            continue
        a.notes.append(s)
    return a


def parse_help(lines, lang, half):
    a = Answer()
    for line in lines:
        s = line.strip()
        if not s:
            continue
        if not MOVE_LINE.match(s):
            a.notes.append(s)
            continue
        moves = popeye_moves(s, lang)
        is_set = s.split()[1:2] == ["..."] if half else s.startswith("1...")
        (a.set_lines if is_set else a.solutions).append(moves)
    return a


# ---------------------------------------------------------------------------------------------
# Comparison


def first_move(line):
    return line.split()[0] if line.split() else ""


def one_sided(diffs, what, ours, theirs, same, show_ours, show_theirs):
    """Adds to diffs 'WHAT only arbiter: ...' for each of ours that none of theirs matches
    (same(o, t)), then 'WHAT only Popeye: ...' for each of theirs that none of ours matches."""
    a_only, p_only = match_sets(ours, theirs, same)
    diffs.extend(f"{what} only arbiter: {show_ours(o)}" for o in a_only)
    diffs.extend(f"{what} only Popeye: {show_theirs(t)}" for t in p_only)


def compare(result, answer, lang, tries_asked):
    """The differences between arbiter's result (JSON) and Popeye's answer, as sentences."""
    diffs = []
    stip = result["stipulation"]
    help_ = line_play(stip)
    same_san = lambda o, t: san_matches(o, popeye_move(t, lang))

    if help_:
        same = lambda o, t: same_line(o, t, lang)
        ours = [[m for m in line if m != "..."] for line in result["solutions"]]
        one_sided(diffs, "solution", ours, answer.solutions, same, " ".join, " ".join)
        ours_set = [[m for m in line if m != "..."] for line in result.get("set_solutions", [])]
        if ours_set and answer.set_lines:
            p_set = [[m for m in line] for line in answer.set_lines]
            one_sided(diffs, "set play", ours_set, p_set, same, " ".join, " ".join)
        return diffs

    keys = result["keys"]
    same_key = lambda o, t: san_matches(o["move"], popeye_move(t[0], lang))
    one_sided(diffs, "key", keys, answer.keys, same_key, lambda k: k["move"], lambda k: k[0])
    for k in keys:
        for pk in answer.keys:
            if not same_key(k, pk) or pk[1] is None:
                continue
            ours = [first_move(t) for t in k["threats"]]
            x, y = match_sets(ours, pk[1], same_san)
            if x or y:
                diffs.append(
                    f"threats after {k['move']}: arbiter {' '.join(ours) or '-'}, "
                    f"Popeye {' '.join(pk[1]) or '-'}"
                )
    if tries_asked or answer.tries:
        tries = result["tries"]
        one_sided(
            diffs,
            "try",
            tries,
            answer.tries,
            same_key,
            lambda t: f"{t['move']} ({t['refutation']})",
            lambda t: f"{t[0]} ({' '.join(t[1])})",
        )
        for t in tries:
            for pt in answer.tries:
                if not same_key(t, pt):
                    continue
                ours = [t["refutation"]] + t.get("other_refutations", [])
                x, y = match_sets(ours, pt[1], same_san)
                if x or y:
                    diffs.append(
                        f"refutations of {t['move']}: arbiter {' '.join(ours)}, "
                        f"Popeye {' '.join(pt[1])}"
                    )
    ours_set = result.get("set_play", [])
    if ours_set and answer.set_play:
        same_def = lambda o, t: san_matches(o["defence"], popeye_move(t[0], lang))
        one_sided(
            diffs,
            "set play",
            ours_set,
            answer.set_play,
            same_def,
            lambda d: d["defence"],
            lambda d: d[0],
        )
    return diffs


# ---------------------------------------------------------------------------------------------
# Popeye's printed text (`arbiter puzzle solve --format popeye` against Popeye's output)

# Popeye's stipulation line: "  #2                          3 + 1" (with neutrals "+ 1n").
STIP_LINE = re.compile(r"^  \S.* \d+ \+ \d+( \+ \d+n)?$")
# Popeye -regression's counters ("  add_to_move_generation_stack:   2739"), printed in place of
# the time.
COUNTER_LINE = re.compile(
    r"^ *[a-z_]+: +\d+$"
    # ... and, in intelligent mode, the positions it tried per move count (output/message.c 86).
    r"|^\d+ (potential positions|moegliche Stellungen|positions possibles dans) in \d+\+\d+$"
)
TIME = re.compile(r" (Time|Zeit|Temps) = .*$")


def text_problems(text):
    """Each problem of Popeye's output (or arbiter's --format popeye) as the lines compared:
    from its stipulation line to 'solution finished.', without the diagram and header before
    it, the -regression counters and the time."""
    problems, current = [], []
    for line in text.split("\n"):
        line = TIME.sub("", line.rstrip("\r"))
        if STIP_LINE.match(line):
            current = [line]
        elif line.strip() in FINISHED or line.strip() in PARTIAL:
            problems.append(current + [line])
            current = []
        elif current and not COUNTER_LINE.match(line):
            current.append(line)
    return problems


TWIN_LABEL = re.compile(r"^\+?[a-z][0-9]*\) ")


def canonical(lines, ordered=False):
    """`lines` with Popeye's move order taken out (unless `ordered`): the blocks between blank
    lines sorted, and in each block every run of sibling lines (same indentation, under the
    same parent) sorted with the lines below them. Popeye lists moves in its generator's order,
    arbiter in its own; what is printed is compared, not the order."""
    if ordered:
        return list(lines)

    def indent(line):
        return len(line) - len(line.lstrip(" "))

    def tree(block, i, depth):  # nodes (line, children) from block[i] while indented > depth
        nodes = []
        while i < len(block) and indent(block[i]) > depth:
            line = block[i]
            children, i = tree(block, i + 1, indent(line))
            nodes.append((line, children))
        return nodes, i

    def flat(nodes):
        out, run = [], []
        for n in nodes + [None]:
            if run and (n is None or indent(n[0]) != indent(run[0][0])):
                out += sorted(("\n".join([line] + flat(children)) for line, children in run))
                run = []
            if n is not None:
                run.append(n)
        return [l for text in out for l in text.split("\n")]

    head, body, tail = lines[:1], lines[1:-1], lines[-1:]
    # The blocks of each twin ("b) wKh1-->h2  ", "+c) ...", "zeroposition") sorted apart.
    parts, current = [[]], []
    for line in body + [""]:
        if line.strip():
            current.append(line)
        elif current:
            if TWIN_LABEL.match(current[0]):
                parts.append([])
            parts[-1].append("\n".join(flat(tree(current, 0, -1)[0])))
            current = []
    blocks = [b for part in parts for b in sorted(part)]
    # The blank lines are kept as a count, so that a missing one still shows.
    return head + blocks + [f"({sum(1 for l in body if not l.strip())} blank lines)"] + tail


def diff_texts(ref_text, out_text, ordered=False, names=("popeye", "arbiter")):
    """The unified diff of the problems of two outputs, canonical (empty: the same)."""
    import difflib

    a = [l for p in text_problems(ref_text) for l in canonical(p, ordered) + [""]]
    b = [l for p in text_problems(out_text) for l in canonical(p, ordered) + [""]]
    return list(difflib.unified_diff(a, b, names[0], names[1], lineterm=""))


# ---------------------------------------------------------------------------------------------
# Running arbiter


def english_names():
    """Popeye's German and French option and keyword names, to its English ones (from
    arbiter's copy of Popeye's tables, cli/puzzle/popeye_keywords.hpp)."""
    here = os.path.dirname(os.path.abspath(__file__))
    text = open(os.path.join(here, "..", "cli", "puzzle", "popeye_keywords.hpp")).read()
    names = {}
    for m in re.finditer(r"Table<(\d+)> (k\w+) = (\{.*?\}\}\});", text, re.S):
        n, words = int(m.group(1)), re.findall(r'"([^"]*)"', m.group(3))
        if len(words) == 3 * n:
            for i in range(n):
                for lang in range(2):
                    names[words[lang * n + i].lower()] = words[2 * n + i]
    return names


ENGLISH = english_names()


# Popeye's output/message.c: a position it does not solve (no king, or the side to play can
# capture the king), in its three languages.
POPEYE_REJECTS = (
    "both sides need a king",
    "the side to play can capture the king",
    "only one king allowed",
    "Es fehlt ein weisser oder schwarzer Koenig",
    "Die am Zug befindliche Partei kann den Koenig schlagen",
    "Nur ein Koenig erlaubt",
    "il faut un roi de chaque couleur",
    "le camp au trait peut prendre le roi",
    "plus d'un roi interdit",
)


def position_error(error):
    """Whether arbiter rejects a problem for its position (as Popeye does), not its input."""
    return "bad FEN" in error and ("is attacked" in error or "king" in error)


def unsupported_reason(error):
    """What a rejected problem needs, e.g. 'condition Circe', 'stipulation ser-#3'."""
    patterns = [
        (r"condition '([^']+)' is not supported", "condition"),
        (r"conditions? '([^']+)'", "condition"),
        (r"stipulation '([^']+)'", "stipulation"),
        (r"piece attribute '([^']+)'", "piece attribute"),
        (r"piece '([^']+)' is not supported", "piece"),
        (r"colour '([^']+)'", "colour"),
        (r"option '([^' ]+)[^']*' is not supported", "option"),
        (r"'([^']+)' is not supported", "keyword"),
        (r"keyword '([^']+)'", "keyword"),
        (r"(not a problem position)", "position"),
    ]
    for pattern, kind in patterns:
        m = re.search(pattern, error)
        if m:
            name = m.group(1)
            if kind == "condition":
                name = name.split()[0].lower()  # a list of conditions: counted by its first
            return f"{kind} {ENGLISH.get(name.lower(), name)}"
    return "other: " + re.sub(r"^\S+:\d+: ", "", error)


def reason_kind(reason):
    if reason.startswith("stipulation "):
        s = reason.split(" ", 1)[1]
        return "stipulation " + re.sub(r"\d+(\.\d)?", "n", s)
    return reason


def run_arbiter(arbiter, text, timeout):
    """arbiter's JSON results for a Popeye file, and whether it finished; it is stopped when
    `timeout` seconds pass without a result (then the results printed until then)."""
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False, encoding="latin-1") as f:
        f.write(text)
        path = f.name
    proc = subprocess.Popen(
        [arbiter, "puzzle", "solve", "--json", "-q", path],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    lines = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(l) for l in proc.stdout] + [lines.put(None)])
    reader.start()
    results, finished = [], True
    try:
        while True:
            line = lines.get(timeout=timeout)
            if line is None:
                break
            if line.startswith(b"{"):
                results.append(json.loads(line.decode("utf-8", "replace")))
    except queue.Empty:
        finished = False
        proc.kill()
    reader.join()
    proc.wait()
    os.unlink(path)
    return results, finished


def solve_problems(arbiter, lines, lang, begin, spans, timeout):
    """arbiter's results for each problem of a file (None: a result took over `timeout`).
    The problems are solved in one process; when one stalls, the last problem printed is
    solved again alone (its twins may have been cut short), the stalled one is given up, and
    the rest of the file goes on after it."""
    per = [None] * len(spans)
    openers = [span[0] for span in spans]  # the line (1-based) of each NextProblem
    start = 0
    while start < len(spans):
        out = [""] * len(lines)
        first, last = spans[start][0], spans[-1][1]
        if not starts_with_begin(lines[first], lang):
            out[0] = begin
        out[first : last + 1] = lines[first : last + 1]
        text = "\n".join(out[: last + 1]) + "\n" + END[lang] + "\n"
        results, finished = run_arbiter(arbiter, text, timeout)
        seen = []
        for r in results:
            line = int(r["source"].rsplit(":", 1)[1])
            n = max(start, max((i for i, o in enumerate(openers) if o <= line), default=0))
            if per[n] is None:
                per[n] = []
                seen.append(n)
            per[n].append(r)
        if finished:
            break
        if not seen:  # problem `start` stalled
            start += 1
            continue
        redo = seen[-1]
        results, finished = run_arbiter(arbiter, problem_file(lines, lang, begin, spans[redo]), timeout)
        per[redo] = results if finished else None
        start = redo + 1
    return per


# ---------------------------------------------------------------------------------------------


def diff_main(argv):
    """scripts/popeye-diff.sh: [--ordered] POPEYE_OUTPUT ARBITER_OUTPUT."""
    ordered = "--ordered" in argv
    files = [a for a in argv if a != "--ordered"]
    if len(files) != 2 or any(f.startswith("-") for f in files):
        print("usage: scripts/popeye-diff.sh [--ordered] POPEYE_OUTPUT ARBITER_OUTPUT", file=sys.stderr)
        return 2
    try:
        texts = [open(f, encoding="latin-1").read() for f in files]
    except OSError as e:
        print(f"popeye-diff: {e}", file=sys.stderr)
        return 2
    diff = diff_texts(texts[0], texts[1], ordered, tuple(files))
    print("\n".join(diff))
    return 1 if diff else 0


def main():
    if sys.argv[1:2] == ["--diff"]:
        return diff_main(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mirror")
    ap.add_argument("--arbiter", default="build/arbiter")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--only", nargs="*", help="input paths (e.g. BEISPIEL/castling.inp)")
    ap.add_argument("--list", action="store_true", help="one line per problem")
    ap.add_argument("--emit", help="write the identical, fast problems to this folder")
    ap.add_argument("--max-seconds", type=float, default=0.05)
    ap.add_argument("--emit-slow", help="write the identical problems up to --slow-seconds here")
    ap.add_argument("--slow-seconds", type=float, default=1.0)
    ap.add_argument("--text", action="store_true",
                    help="also compare `--format popeye` with Popeye's printed text, problem "
                    "by problem, where the answers are identical")
    ap.add_argument("--emit-text", help="write the problems whose text is identical and solve "
                    "within --max-seconds here: NAME.inp and NAME.ref (Popeye's text)")
    args = ap.parse_args()
    if args.emit_text:
        args.text = True

    commit = git(args.mirror, "rev-parse", "HEAD").decode().strip()
    files = [
        f
        for f in git(args.mirror, "ls-tree", "-r", "--name-only", "HEAD").decode().split("\n")
        if f.endswith(".inp") and f.split("/")[0] in FOLDERS
    ]
    if args.only:
        files = [f for f in files if f in args.only]
    outputs = set(
        git(args.mirror, "ls-tree", "-r", "--name-only", "HEAD", "REGRESSIONTESTS")
        .decode()
        .split("\n")
    )
    counts = collections.Counter()
    unsupported = collections.Counter()
    different = []
    text_different = []
    emitted = []
    for path in files:
        name = os.path.basename(path)[: -len(".inp")]
        out_path = f"REGRESSIONTESTS/{name}{FOLDERS[path.split('/')[0]]}"
        text = git(args.mirror, "show", f"HEAD:{path}").decode("latin-1")
        lang, begin, spans = split_problems(text)
        lines = text.split("\n")
        answers = None
        if out_path in outputs:
            out_text = git(args.mirror, "show", f"HEAD:{out_path}").decode("latin-1")
            answers = align(lines, lang, spans, output_problems(out_text))
        keep = []  # (n, span, results, answer segments, tries) of identical fast problems
        keep_slow = []  # likewise, the slower ones
        solved = solve_problems(args.arbiter, lines, lang, begin, spans, args.timeout)
        for n, span in enumerate(spans):
            where = f"{path}:{span[0] + 1} (problem {n + 1})"
            results = solved[n]
            seconds = sum(r.get("seconds", 0) for r in results or [])
            if seconds > args.timeout:
                results = None
            if results is None:
                counts["slow"] += 1
                verdict = f"slow (over {args.timeout:g} s)"
            elif any("error" in r and not position_error(r["error"]) for r in results):
                results = [r for r in results if "error" in r and not position_error(r["error"])]
                reason = unsupported_reason(next(r["error"] for r in results if "error" in r))
                counts["unsupported"] += 1
                unsupported[reason_kind(reason)] += 1
                verdict = f"unsupported: {reason}"
            elif answers is None or answers[n] is None:
                counts["no answer"] += 1
                verdict = f"no Popeye answer ({out_path})"
            else:
                segs = segments(answers[n])
                diffs = []
                if len(segs) != len(results):
                    diffs.append(f"{len(results)} results, Popeye solved {len(segs)} phases")
                else:
                    for r, (twin, seg_lines) in zip(results, segs):
                        if "error" in r:
                            if not any(m in l for l in seg_lines for m in POPEYE_REJECTS):
                                diffs.append(f"{twin} arbiter rejects the position, Popeye "
                                             f"does not: {r['error']}")
                            continue
                        ans = answer_of(r, seg_lines, lang)
                        label = f"{r.get('twin', '')} " if r.get("twin") else ""
                        diffs += [
                            label + d
                            for d in compare(r, ans, lang, asks_for_tries(lines, lang, span))
                        ]
                if diffs and PARTIAL_MARK in answers[n]:
                    diffs.append("Popeye's solution is partial (stopped early)")
                if diffs:
                    counts["different"] += 1
                    different.append((where, diffs))
                    verdict = "different: " + "; ".join(diffs)
                else:
                    counts["identical"] += 1
                    verdict = f"identical ({seconds:.2f} s)"
                    rejected = any("error" in r for r in results)
                    if args.text and not rejected:
                        text_verdict(args, path, out_path, lang, begin, lines, span, n, answers[n],
                                     results, seconds, counts, text_different)
                    fast = seconds <= args.max_seconds
                    if not rejected and seconds <= args.slow_seconds:
                        (keep if fast else keep_slow).append((n, span, results, segs, asks_for_tries(lines, lang, span)))
            if args.list:
                print(f"{where}: {verdict}", flush=True)
        if args.emit and keep:
            emitted.append(emit(args.emit, path, out_path, lang, begin, lines, keep))
        if args.emit_slow and keep_slow:
            emitted.append(emit(args.emit_slow, path, out_path, lang, begin, lines, keep_slow))
    verdicts = ("identical", "different", "unsupported", "slow", "no answer")
    total = sum(counts[k] for k in verdicts)  # not the text counts, which are of the identical
    print(f"\nproblems: {total}")
    for k in verdicts:
        print(f"  {k}: {counts[k]}")
    if different:
        print("\ndifferent:")
        for where, diffs in different:
            print(f"  {where}")
            for d in diffs:
                print(f"    {d}")
    if args.text:
        print(f"\n--format popeye against Popeye's text (of the {counts['identical']} identical):")
        for k in ("text identical", "text different"):
            print(f"  {k}: {counts[k]}")
        for where, why in text_different:
            print(f"  {where}: {why}")
    kinds = collections.Counter()
    for reason, c in unsupported.items():
        kinds[re.sub(r" \S+$", "", reason) if not reason.startswith("other") else "other"] += c
    print("\nunsupported, by the kind of what they need:")
    for kind, c in sorted(kinds.items(), key=lambda x: (-x[1], x[0])):
        print(f"  {c:4d}  {kind}")
    print("\nunsupported, by what they need:")
    for reason, c in sorted(unsupported.items(), key=lambda x: (-x[1], x[0])):
        print(f"  {c:4d}  {reason}")
    if emitted:
        print(f"\nemitted (Popeye commit {commit}):")
        for row in emitted:
            print(row)


def run_text(arbiter, text, timeout):
    """arbiter's `--format popeye` output for a Popeye file (None: over `timeout`)."""
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False, encoding="latin-1") as f:
        f.write(text)
        path = f.name
    try:
        proc = subprocess.run([arbiter, "puzzle", "solve", "--format", "popeye", "-q", path],
                              capture_output=True, timeout=timeout)
        return proc.stdout.decode("latin-1")
    except subprocess.TimeoutExpired:
        return None
    finally:
        os.unlink(path)


def text_verdict(args, path, out_path, lang, begin, lines, span, n, answer, results, seconds,
                 counts, text_different):
    """Compares arbiter's --format popeye text for problem `n` with Popeye's (answer: Popeye's
    lines of that problem); with --emit-text writes the identical fast ones."""
    where = f"{path}:{span[0] + 1} (problem {n + 1})"
    inp = problem_file(lines, lang, begin, span)
    ours = run_text(args.arbiter, inp, args.timeout)
    popeye = "\n".join(answer) + "\n" + FINISHED[{"en": 0, "de": 1, "fr": 2}[lang]] + "\n"
    diff = [] if ours is None else diff_texts(popeye, ours)
    if ours is None or diff:
        counts["text different"] += 1
        why = "timed out" if ours is None else " / ".join(
            l for l in diff[2:] if l[:1] in "+-")[:300]
        text_different.append((where, why))
        return
    counts["text identical"] += 1
    if args.emit_text and seconds <= args.max_seconds:
        name = os.path.basename(path)[: -len(".inp")]
        stem = os.path.join(args.emit_text, f"{path.split('/')[0].lower()}_{name}_{n + 1}")
        body = [l for l in inp.split("\n") if l.strip()]
        with open(stem + ".inp", "w", encoding="latin-1") as f:
            f.write("\n".join(body) + "\n")
        print(f"| `{os.path.basename(stem)}` | `{path}` problem {n + 1} (line {span[0] + 1}) "
              f"| `{out_path}` | {results[0]['stipulation']} | {seconds:.2f} s |", flush=True)
        with open(stem + ".ref", "w", encoding="latin-1") as f:
            f.write("\n".join(text_problems(popeye)[0]) + "\n")


def line_play(stip):
    """Whether a stipulation is answered by whole lines (helpmates, series), not keys."""
    return stip.startswith("h") or stip.startswith("ser-")


def answer_of(result, seg_lines, lang):
    stip = result["stipulation"]
    if line_play(stip):
        return parse_help(seg_lines, lang, ".5" in stip)
    return parse_direct(seg_lines, lang)


def distill(index, source, result, seg_lines, lang, tries):
    """Popeye's answer for one arbiter result, in the lines the test reads:
    problem N STIP SOURCE [tries] / key K [threat T...|zugzwang] / try T but R... /
    solution M... / set M... (only where arbiter prints set play too)."""
    a = answer_of(result, seg_lines, lang)
    stip = result["stipulation"]
    checked_tries = tries or bool(a.tries)
    out = [f"problem {index} {stip} {source}" + (" tries" if checked_tries and not line_play(stip) else "")]
    for move, threats in a.keys:
        out.append(f"key {move}" + ("" if threats is None else " threat " + " ".join(threats) if threats else " zugzwang"))
    if checked_tries:
        for move, refutations in a.tries:
            out.append(f"try {move} but {' '.join(refutations)}")
    for line in a.solutions:
        out.append("solution " + " ".join(line))
    if result.get("set_solutions"):
        for line in a.set_lines:
            out.append("set " + " ".join(m for m in line if m != "..."))
    if result.get("set_play"):
        for defence, _ in a.set_play:
            out.append(f"set {defence}")
    return out


def emit(folder, path, out_path, lang, begin, lines, keep):
    """Writes the kept problems of `path` and Popeye's answers for them; a README row."""
    name = os.path.basename(path)[: -len(".inp")]
    stem = os.path.join(folder, path.split("/")[0].lower() + "_" + name)
    text = []
    for i, (n, span, *_) in enumerate(keep):
        body = lines[span[0] : span[1] + 1]
        if i == 0 and not (body[0].split() and prefix_of(body[0].split()[0], BEGIN[lang])):
            text.append(begin)
        elif i > 0:
            text.append(NEXT[lang])
        text += body
    text.append(END[lang])
    with open(stem + ".inp", "w", encoding="latin-1") as f:
        f.write("\n".join(text) + "\n")
    blocks = [
        f"# Popeye's answers for {os.path.basename(stem)}.inp: {out_path} of Popeye's source",
        "# (GPL), distilled by scripts/popeye-examples.py; one block per arbiter result.",
        f"language {lang}",
    ]
    index = 0
    for n, span, results, segs, tries in keep:
        for r, (twin, seg_lines) in zip(results, segs):
            index += 1
            blocks += distill(index, f"{path}:{span[0] + 1}", r, seg_lines, lang, tries)
    with open(stem + ".popeye", "w", encoding="latin-1") as f:
        f.write("\n".join(blocks) + "\n")
    problems = ", ".join(f"{n + 1} (line {span[0] + 1})" for n, span, *_ in keep)
    return f"| `{os.path.basename(stem)}.inp` | `{path}` | `{out_path}` | {problems} |"


if __name__ == "__main__":
    sys.exit(main())
