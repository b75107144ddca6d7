// Package apart implements Apart, by Kanare Kato (2023): each player tries to be the first
// to have every one of their pieces stand apart from the others.
//
// # Sources
//
// Kanare Kato's rulebook for Apart, in English (sections "Setup", "Definitions", "Gameplay"
// and "Movement"; the project's copy stops after the first paragraphs on movement) and in
// Japanese (complete, with the continuous jumps and the section "End of the game", ゲームの終了).
// A whole chain is one turn, however many decisions it takes to enter, because the rulebook
// calls it one turn. Where a decision below is ours, it says so and why.
//
// # Board and setup
//
//   - board.NewSquare(8, 8), drawn checkered (rules.Checkered); the square colours mean
//     nothing in this game.
//   - Twelve pieces each: White (Player 0) on b1–g1 and b2–g2, Black (Player 1) on b7–g7
//     and b8–g8; the a- and h-files start empty (figure 1 of the official rulebook, which
//     the project's copy lost; three independent implementations of the official rules
//     agree with it). White moves first (rulebook: "start with the player with white").
//
// # Lines and movement
//
//   - A line is an unbroken straight run of one colour's pieces along one of the four axes
//     (vertical, horizontal, both diagonals); a lone piece is a line of length 1 on every
//     axis. Pieces of the other colour or an empty square break a line ("Definitions": a
//     line is "unbroken", so it means contiguous pieces only, not every piece on the row).
//   - A piece moves along one of its eight directions exactly as many squares as its line
//     along that axis holds pieces (rulebook "Movement"). Both directions of an axis use
//     the same length. A move of one square is a single step, of two or more a jump.
//   - Whatever lies between is passed over, friend or foe (rulebook). The landing square
//     must be on the board and may not hold a friendly piece; an enemy piece there is
//     captured and removed (rulebook).
//   - No passing (Japanese rulebook): the mover always moves a piece.
//
// # Continuous jumps
//
//   - After a jump (two squares or more) the same piece may jump again from its new square,
//     with the line lengths of the board as it now stands: captured pieces gone, the piece
//     in its new place (Japanese rulebook). Chains have no length limit and may stop after
//     any jump (Japanese rulebook).
//   - The piece may not land twice on the same square in one turn (Japanese rulebook). The
//     square it started from is not a landing square, so the chain may come back to it (the
//     rule forbids only landing twice).
//   - A chain never contains a single step: a step is always a whole turn, and during a
//     chain moves of length 1 are not offered (Japanese rulebook).
//   - White's first turn of the game may not be a continuous jump ("Gameplay"): on that
//     turn a jump ends the turn at once.
//   - A chain may not end back on its starting square with nothing captured: the board
//     would be unchanged, a pass in disguise, and passing is forbidden (Koma's resolution).
//     Such a return is offered only when the piece can jump on from there (to a square it
//     has not landed on, after which it may always stop), so that a chain in progress
//     always has a legal decision.
//
// # Encoding: one decision per jump (encoding B)
//
// A chain is entered one Jump at a time, each a two-site move, and Stop ends it; between
// them MidTurn is true. A whole-path move (encoding A) cannot be proved to fit MaxPath (14)
// sites: nothing in the rules bounds a chain but the 63 squares it may land on at most
// once each, and a piece in the middle of a crowd has up to seven jumps to choose from at
// every landing. A single step is a Step move, a whole turn. Where the piece has no jump
// left, the turn ends by itself without a Stop. The state keeps the jumping piece's square,
// its starting square, the squares it landed on and whether it has captured, all in the
// hash and the key. Notation is the generic one: "c2-c3" for a step, "b1xb3" for one jump
// (the x marks a jump, not a capture), "stop".
//
// # End of the game
//
//   - A player whose pieces all stand apart, none next to another of their own in any of
//     the eight directions, wins at once (Japanese rulebook, "End of the game"; result
//     "apart"). This is checked after every landing, also in the middle of a chain, ending
//     the game there (Koma's choice, equivalent to checking at the end of the turn, since
//     the mover may always stop and removing enemy pieces never brings them back together).
//   - If one landing leaves both players apart, the player who moved loses (Japanese
//     rulebook, "End of the game"; result "both-apart"). A capture can also leave only the
//     opponent apart; the opponent then wins ("apart").
//   - A player with no legal move at the start of their turn loses ("no-moves"; Koma's
//     resolution, since the rulebook does not cover it and passing is forbidden). It hardly
//     ever happens: every piece has eight directions to try.
//   - Turn limit, our rule: after 200 turns in all, 100 each, the game is drawn
//     ("turn-limit"). The rulebook has no end for players who keep their pieces together
//     for ever, so Koma needs one of its own. Captures shrink the armies: games between the
//     AI levels last 17 to 35 turns on average, uniformly random ones about 100, and only 4
//     of 2,000 random games reached the cap. A cap, rather than a repetition rule, is easy
//     to state and to see coming. It is also Game.MaxTurns.
//
// # Hash and key
//
// Hash is an incremental Zobrist hash (keys seeded with "apart") of the pieces, the player
// to move and, during a chain, the jumping piece's square, its starting square, the
// squares it landed on and whether it captured. AppendKey adds the result and the number
// of turns played, which the turn limit and White's first-turn rule read; the game is
// therefore not Memoryless.
package apart
