// Package foxhounds implements Fox and Hounds for Koma: one fox against four hounds on the
// dark squares of an 8×8 board. The game is solved, and the package carries the solution:
// a tablebase of every position, which lets the AI play perfectly and the hint say who
// wins and in how many turns.
//
// # Sources
//
// Kanare Kato's rulebook for Fox and Hounds (2021), in English (sections "Setup",
// "Gameplay" and "Game end") and in Japanese (the same sections); the project's copies lost
// their diagrams. Where the rulebook leaves a point open, the decision below is Koma's own
// and says why.
//
// # Rules as implemented
//
//   - Board: 8×8; only the 32 dark squares are used, a1 and every square of its shade (file
//     plus rank even). Every move is diagonal, so no piece ever leaves them.
//   - Seats: Player 0 is the fox, one White piece, Role "fox"; Player 1 the hounds, four
//     Black pieces, Role "hounds" ("Setup": the fox is white, the hounds black).
//   - Setup: hounds on b8, d8, f8 and h8; the fox on e1 (the rulebook's diagram is lost
//     from the project's copies; e1 is the fox's square on BoardGameGeek and in Ludii, and
//     the hounds' squares are the dark squares of one edge, as every source has them). The
//     option fox offers the other dark squares of rank 1, and the traditional free choice
//     (below).
//   - The fox moves first ("Gameplay"), then the players alternate.
//   - The fox steps one square diagonally, forward or backward, to an empty square
//     ("Gameplay"). The hounds' player moves exactly one hound per turn, one square
//     diagonally forward, towards rank 1, to an empty square ("Gameplay"). Nothing jumps
//     and nothing is captured: the rulebook gives no other move. Both are rules.Step moves,
//     written "e1-d2"; a placement (fox=choose) is a rules.Place move, written "@e1".
//   - The fox wins as soon as it stands on rank 8, the hounds' starting edge, even if the
//     hounds could still move ("fox-home"; "Game end"). Reaching it is checked right after
//     the fox's step, before anything else.
//   - The hounds win when the fox, on its turn, has no move ("fox-trapped"; "Game end").
//   - The hounds lose when they have no move on their turn ("no-moves"). The rulebook is
//     silent; Koma applies the general rule that a side that cannot move loses, because the
//     alternative, passing, would let the fox shuffle forever. In practice it happens only
//     once the fox is past every hound, or when every hound has reached rank 1 or is
//     blocked.
//   - No early adjudication: a fox behind every hound still has to walk to rank 8 (Koma
//     keeps the literal rule of "Game end", though some programs call such a fox the winner
//     at once).
//   - The game always ends: each hound can step at most seven times, and the fox moves only
//     between hound moves, so a game has at most 28 hound turns and 29 fox turns
//     (Game.MaxTurns = 57). Repetition is therefore impossible and needs no rule.
//
// # Options
//
//   - fox: the fox's starting square, "e1" (default), "a1", "c1" or "g1", or "choose": the
//     fox's first decision places it on one of those four squares, and it then makes its
//     first step in the same turn. Tradition lets the fox start on any dark square of its
//     edge, and the rulebook's lost diagram fixed one; we offer both the fixed squares and
//     the choice. Our choice, because: keeping the placement and the first step in one turn
//     keeps "the fox moves first" true in every variant. Presets: "" and "fox=choose".
//
// # State, hash and key
//
// The hounds are a 64-bit mask over the sites (row*8+col, a1 = 0) and the fox a site
// (-1 before a placement). Whether the game is over is found once per Apply and cached.
// Hash is a Zobrist hash of the hounds, the fox and the side to move, keyed by the game ID;
// AppendKey adds the option and the result. Nothing else influences the rest of the game.
//
// # Tablebase
//
// tablebase.go solves the game by backward induction, building at run time the exact
// result of each of the 1,150,720 positions with the fox to move (35,960 sets of hound
// squares × 32 fox squares; the positions with the hounds to move follow from at most
// eight lookups). The hounds win from every start, in 44 turns against the fox's longest
// defence. The table takes 1.15 MB and about 30 ms to build on a desktop (about 90 ms in
// WebAssembly). Embedding it instead would add 159 KB gzipped to the download and still
// cost 10 ms (31 ms in WebAssembly) to unpack, so it is built, lazily, in 750 slices of
// about 0.05 ms through rules.Oracle's PrepareOracle: the AI's search calls it off the user
// interface's thread on the desktop and a few milliseconds per frame in the browser.
package foxhounds
