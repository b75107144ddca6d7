package mabi

import (
	"math/bits"
	"math/rand/v2"

	"koma/rules"
	"koma/rules/board"
)

// This file holds what the AI may ask of a position beyond the rules: an evaluation, a
// fast uniform random move for playouts, and the engine that plays it best. None of it
// changes what is legal. The game is not Memoryless: the repetition history, the turn
// count and the formation turns of the groups all shape what follows, and the hash leaves
// them out.
//
// Measured on 2026-11-27 (self-play, timescale 0.01, one core, 20 games a seed unless
// said). Most games end with a pass forced by a lack of steps, often through the
// repetition rule, after which the other player gathers alone. The charge for being short
// of steps (stepsWeight) gave Expert – Hard 24 – 16 against 18 – 22 without it on seeds 111
// and 112 (weights 0.5 and 3: 23 – 17 and 19 – 21); on seed 113, 100 games a pairing,
// Expert – Hard 56 – 44 (without: 60 – 40), Hard – Normal 59 – 41 (without: 47 – 53),
// Normal – Easy 81 – 19 (without: 71 – 29), Expert – plain 40 – 0 (40 games). Hard still
// gets stronger when the evaluation is made flatter (scale 6: Expert – Hard 5 – 15, seed
// 111), so the evaluation still misjudges quiet positions. Tree search with a playout
// policy that passes only when it must or when passing wins, and prefers steps that join
// a friend, lost to alpha-beta 2 – 18 at Expert, and its levels did not separate either
// (Hard – Normal 8 – 12, Normal – Easy 10 – 10), so it was not kept.
//
// The lead in steps (mobilityShare) came from a diagnosis: Expert with Hard's noise beat
// Hard 46 – 14, since alpha-beta over blurred leaves favours positions with many replies.
// As a fixed weight of 10 pieces it gave Expert – Hard 48 – 12 and Hard – Normal 49 – 11
// (60 games each, seed 402); weighted by the free pieces at stake, as here, and with the
// concession below, the rows of rules/ai/STRENGTH.md ("Mabi: the race for steps").

var (
	_ rules.Evaluator   = (*State)(nil)
	_ rules.RandomMover = (*State)(nil)
	_ rules.Marker      = (*State)(nil)
	_ rules.Prompter    = (*State)(nil)
	_ rules.Explainer   = (*State)(nil)
	_ rules.NamedMove   = (*State)(nil)
)

// evalScale is the lead, in pieces of the largest group, that the evaluation maps to 0.5.
const evalScale = 2.0

// stepsWeight is what each of the opponent's free pieces outside its largest groups
// costs a player with no step left, in pieces of the largest group; with k steps left
// it costs 1/(k+1) of that.
const stepsWeight = 1.5

// mobilityShare is the share of the free pieces at stake, both players' together, that
// having every step on the board is worth before any pass: the lead in steps counts as
// mobilityShare × stake × (mine − theirs) / (mine + theirs + 1) pieces of the largest
// group. Whoever runs out of steps first must pass and lets the other gather, so the race
// for steps matters as much as there is to gather, and nothing when there is nothing.
const mobilityShare = 0.5

// strength measures p's prospects: the largest group counts fully, the second largest at
// a quarter (it may yet join the first), and each enemy piece p paralyses at a tenth. A
// player who moves alone, because the other passed, may bring many more pieces to the
// group before passing in turn: each of their free pieces outside it counts half. Without
// that, a search that sees the lead last to its horizon passes too early and hands the
// opponent every remaining turn. Before any pass, p is charged for being short of steps:
// most games are decided by a pass forced when a player's pieces are all frozen,
// paralysed, blocked or barred by the repetition rule, long before the search sees it.
// steps is the number of steps p has (State.steps); theirFree is the number of the
// opponent's free pieces outside its largest groups, counted before any pass.
func (s *State) strength(p rules.Player, steps int) (v float64, theirFree int) {
	// The sizes counted are those of the groups of two or more and, once, 1 for the lone
	// pieces, as if the lone pieces were one group.
	own := s.pieces[p]
	first, best := largestOf(s.planes[p], own)
	second := 0
	switch {
	case first <= 1:
	case bits.OnesCount64(best) > first:
		// Two or more groups share the largest size.
		second = first
	default:
		second, _ = largestOf(s.planes[p], own&^best)
	}
	o := p.Other()
	held := s.paralysed(o)
	v = float64(first) + 0.25*float64(second) + 0.1*float64(bits.OnesCount64(held))
	if s.lock == o {
		// The largest group stays put: all the pieces when they are all lone, the group
		// on the lowest square when several groups share the largest size.
		if first > 1 {
			best = fill(best&-best, best)
		}
		free := own &^ s.paralysed(p) &^ best
		v += 0.5 * float64(bits.OnesCount64(free))
	}
	if s.lock == rules.NoPlayer {
		// A player short of steps (all pieces frozen, paralysed, blocked or barred by the
		// repetition rule) will soon have to pass, and the other then gathers its free
		// pieces: the nearer p is to no step, the more of them count against p.
		their := s.pieces[o]
		_, largest := largestOf(s.planes[o], their)
		theirFree = bits.OnesCount64(their &^ held &^ largest)
		v -= stepsWeight * float64(theirFree) / float64(1+steps)
	}
	return v, theirFree
}

// steps counts the steps p could make if p were to move, the repetition rule included.
func (s *State) steps(p rules.Player) int {
	var t [4]uint64
	s.targetsOf(p, &t)
	return bits.OnesCount64(t[0]) + bits.OnesCount64(t[1]) + bits.OnesCount64(t[2]) + bits.OnesCount64(t[3])
}

// Evaluate scores the race for the largest group and, before any pass, the race for
// steps: the player who runs out of steps first must pass, and the other then gathers
// alone. Alpha-beta over a blurred evaluation had shown it, favouring positions with many
// replies: Expert with Hard's noise beat Hard 46 – 14, where Expert beat it 56 – 44.
func (s *State) Evaluate(p rules.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	o := p.Other()
	var x float64
	if s.lock == rules.NoPlayer {
		mine, theirs := s.steps(p), s.steps(o)
		vp, freeO := s.strength(p, mine)
		vo, freeP := s.strength(o, theirs)
		stake := float64(freeP + freeO)
		x = vp - vo + mobilityShare*stake*float64(mine-theirs)/float64(mine+theirs+1)
	} else {
		// Only the player moving alone steps now; strength reads no steps after a pass.
		vp, _ := s.strength(p, 0)
		vo, _ := s.strength(o, 0)
		x = vp - vo
	}
	if x >= 0 {
		return x / (x + evalScale)
	}
	return x / (evalScale - x)
}

// soloPatience is how many turns in a row the player moving alone may take without their
// largest group growing before the AI passes for them, which ends the game. It leaves
// time to walk a piece across the board to the group, and a search still sees no further
// than a few turns ahead.
const soloPatience = 8

// NamedMove implements rules.NamedMove: the AI, moving alone after the other player
// passed, concedes by passing once its largest group has not grown for soloPatience
// turns, which ends the game. The rules still let a person play on. Without it, an AI that could not
// overtake by any line its search saw shuffled its pieces to the turn limit, a hundred
// turns and more at the full think time each, while the player who had passed could only
// watch; passing is then what a person would do.
func (s *State) NamedMove() (rules.Move, bool) {
	if s.Over || s.lock != s.Turn.Other() || int(s.turns)-int(s.soloGrown) < soloPatience {
		return rules.Move{}, false
	}
	return rules.Move{Kind: rules.Pass}, true
}

// RandomMove implements rules.RandomMover: it counts the steps in the target masks that
// LegalMoves lists them from, draws one index and builds only that move.
func (s *State) RandomMove(rng *rand.Rand) (rules.Move, bool) {
	if s.Over {
		return rules.Move{}, false
	}
	var t [4]uint64
	s.targets(&t)
	c0 := bits.OnesCount64(t[0])
	c1 := c0 + bits.OnesCount64(t[1])
	c2 := c1 + bits.OnesCount64(t[2])
	n := c2 + bits.OnesCount64(t[3])
	extra := 0
	if s.canPass(n) {
		extra = 1
	}
	k := rng.IntN(n + extra)
	if k == n {
		return rules.Move{Kind: rules.Pass}, true
	}
	// The direction is the number of running counts the index reaches, and the landing
	// square the set bit of the remaining rank in that direction's mask: both found
	// without data-dependent branches, which a random index would mispredict every turn.
	d := b2i(k >= c0) + b2i(k >= c1) + b2i(k >= c2)
	before := [4]int{0, c0, c1, c2}
	to := board.SelectBit(t[d&3], k-before[d&3])
	return rules.Move{Kind: rules.Step, Len: 2, Path: [rules.MaxPath]board.Site{board.Site(to - dirDelta[d&3]), board.Site(to)}}, true
}

// b2i is 1 for true and 0 for false; the compiler turns it into a flag read, not a branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
