// Computes the reference answers of the real-world PGN corpus (tests/data/corpus) with chess.js,
// a reader independent of arbiter, once, when data is added: for each FILE.pgn it writes
// FILE.chessjs.txt beside it, one line per game, "N FEN" (N counts from 1, FEN is the final
// position of the game's main line as chess.js prints it), or "N refused: WHY" when chess.js
// cannot read the game. tests/rules/core/real_corpus_test.cpp replays the same files with arbiter
// and compares.
//
// Run it from the repository root, with chess.js from npm installed outside the repository:
//   mkdir -p /tmp/chessjs && (cd /tmp/chessjs && npm install chess.js@1.4.0)
//   node scripts/corpus-reference.mjs /tmp/chessjs [tests/data/corpus]
//
// Games are split the way arbiter splits a file of many games (RecordGames in
// rules/core/record_tokens.hpp, and the PGN standard): a game ends at its result (the
// termination marker) outside comments and variations, and a tag pair after movetext begins the
// next game; comments before a game's first tag or move stay with the game before. Each game is
// handed to chess.js from its first tag or move to its result, in its own Chess object.
//
// One convention differs, and is bridged here: collections of composed positions write the
// fullmove number 0 ("[FEN \"... w - - 1 0\"]"), which chess.js refuses; it is read as 1 here, as
// arbiter and python-chess read it. Nothing else in a game is changed.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const [chessDir, corpusDir = 'tests/data/corpus'] = process.argv.slice(2);
if (!chessDir) {
  console.error('usage: node scripts/corpus-reference.mjs CHESSJS_DIR [CORPUS_DIR]');
  process.exit(2);
}
const { Chess } = createRequire(path.resolve(chessDir) + '/')('chess.js');

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/// The offset after the tag pair that opens at `i`: its value is a string, which may hold ']'
/// ("modern defence[!]") and escaped quotes.
function tagEnd(text, i) {
  let j = text.indexOf('"', i);
  const eol = text.indexOf('\n', i);
  if (j < 0 || (eol >= 0 && j > eol)) j = i;  // no value on this line: up to the next ']'
  else
    for (++j; j < text.length && text[j] !== '"'; ++j)
      if (text[j] === '\\') ++j;
  const close = text.indexOf(']', j);
  return close < 0 ? text.length : close + 1;
}

/// The games of `text`: [{ start, end }] offsets of the text chess.js reads for each.
function splitGames(text) {
  const games = [];
  let game = null; // { start, end, moves, ended }
  let depth = 0; // nesting of variations
  const begin = (at) => {
    game = { start: at, end: text.length, moves: false, ended: false };
    games.push(game);
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '{') {
      const close = text.indexOf('}', i + 1);
      i = close < 0 ? text.length : close + 1;
      continue;
    }
    if (c === ';') {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? text.length : eol + 1;
      continue;
    }
    if (/\s/.test(c)) {
      ++i;
      continue;
    }
    if (c === '%' && (i === 0 || text[i - 1] === '\n')) {  // an escape line
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? text.length : eol + 1;
      continue;
    }
    const tag = c === '[' && depth === 0;
    // Anything but a comment after the result, or a tag pair after movetext, begins a game.
    if (!game || game.ended || (tag && game.moves)) {
      if (game && !game.ended) game.end = i;
      begin(i);
    }
    if (tag) {
      i = tagEnd(text, i);
      continue;
    }
    game.moves = true;
    if (c === '(') {
      ++depth;
      ++i;
      continue;
    }
    if (c === ')') {
      --depth;
      ++i;
      continue;
    }
    let j = i;
    while (j < text.length && !/[\s{}();[\]]/.test(text[j])) ++j;
    if (j === i) ++j;
    if (depth === 0 && RESULTS.has(text.slice(i, j))) {
      game.ended = true;
      game.end = j;
    }
    i = j;
  }
  return games;
}

/// The final FEN of the main line of `pgn`, as chess.js prints it; throws when chess.js refuses.
function finalFen(pgn) {
  const zeroFullmove = /(\[FEN\s+"[^"]*\s)0(\s*"\s*\])/i;
  const chess = new Chess();
  const oneComment = /\}\s*\{/g;  // chess.js takes one comment per move: join consecutive ones
  chess.loadPgn(pgn.replace(zeroFullmove, '$11$2').replace(oneComment, ' '));
  return chess.fen();
}

function pgnFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? pgnFiles(p) : e.name.endsWith('.pgn') ? [p] : [];
    })
    .sort();
}

let games = 0;
let refused = 0;
for (const file of pgnFiles(corpusDir)) {
  const text = fs.readFileSync(file, 'utf8');
  const lines = splitGames(text).map((g, k) => {
    try {
      return `${k + 1} ${finalFen(text.slice(g.start, g.end))}`;
    } catch (e) {
      ++refused;
      return `${k + 1} refused: ${String(e.message).split('\n')[0]}`;
    }
  });
  games += lines.length;
  fs.writeFileSync(file.replace(/\.pgn$/, '.chessjs.txt'), lines.join('\n') + '\n');
  console.log(`${file}: ${lines.length} games`);
}
console.log(`${games} games, ${refused} refused by chess.js`);
