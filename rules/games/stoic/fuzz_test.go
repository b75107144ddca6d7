package stoic

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

func sizeFrom(b uint8) int { return minSize + int(b)%(maxSize-minSize+1) }

// FuzzPlayout plays a seeded random game on both implementations and checks, at every
// turn, that they offer the same cells, that the incremental hash is right, that a clone
// is independent, and that the game ends exactly when the mover has no cell, with the
// mover losing, within one turn per cell.
func FuzzPlayout(f *testing.F) {
	for seed := uint64(0); seed < 12; seed++ {
		f.Add(seed, uint8(seed))
	}
	f.Fuzz(func(t *testing.T, seed uint64, sizeByte uint8) {
		size := sizeFrom(sizeByte)
		s := mustNew(t, "size="+strconv.Itoa(size))
		ref := newNaive(size)
		rng := rand.New(rand.NewPCG(seed, 0x5d0))
		for turn := 0; ; turn++ {
			if s.Hash() != s.ComputeHash() {
				t.Fatalf("turn %d: hash %x, recomputed %x", turn, s.Hash(), s.ComputeHash())
			}
			got, want := moveTexts(s), ref.legal()
			if !slices.Equal(got, want) {
				t.Fatalf("turn %d: legal %v, naive %v\n%s", turn, got, want, rules.Text(s))
			}
			if len(want) == 0 {
				o, over := s.Outcome()
				loser := rules.Player(0)
				if ref.mover == 'B' {
					loser = 1
				}
				if !over || o != (rules.Outcome{Winner: loser.Other(), Reason: "no-moves"}) || s.ToMove() != rules.NoPlayer {
					t.Fatalf("turn %d: outcome %+v over=%v, want %d to lose", turn, o, over, loser)
				}
				if turn > s.Board().Len() {
					t.Fatalf("game lasted %d turns on %d cells", turn, s.Board().Len())
				}
				return
			}
			text := want[rng.IntN(len(want))]
			m, err := rules.ParseMove(s, text)
			if err != nil {
				t.Fatalf("turn %d: %v", turn, err)
			}
			key := s.AppendKey(nil)
			c := s.Clone()
			c.Apply(m)
			if !bytes.Equal(s.AppendKey(nil), key) {
				t.Fatalf("turn %d: applying to a clone changed the original", turn)
			}
			s.Apply(m)
			ref.play(text)
		}
	})
}

// FuzzParseMove checks that ParseMove never panics and accepts only texts of legal moves,
// on positions a few random moves into a game.
func FuzzParseMove(f *testing.F) {
	for _, text := range []string{"@d4", " @a1 ", "@d4\n", "d4", "@", "@z99", "pass", "swap", "@a4-b4", "xd4", ""} {
		f.Add(uint64(len(text)), uint8(1), text)
	}
	f.Fuzz(func(t *testing.T, seed uint64, sizeByte uint8, text string) {
		s := mustNew(t, "size="+strconv.Itoa(sizeFrom(sizeByte)))
		rng := rand.New(rand.NewPCG(seed, 7))
		for i := rng.IntN(12); i > 0; i-- {
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			s.Apply(moves[rng.IntN(len(moves))])
		}
		m, err := rules.ParseMove(s, text)
		if err != nil {
			return
		}
		if !rules.IsLegal(s, m) || rules.FormatMove(s, m) != strings.TrimSpace(text) {
			t.Fatalf("ParseMove(%q) accepted %v", text, m)
		}
	})
}

// FuzzApply feeds arbitrary move values to Apply: it must never panic, must ignore
// anything LegalMoves would not offer, and must play everything it offers.
func FuzzApply(f *testing.F) {
	f.Add(uint8(rules.Place), uint8(0), uint8(1), int16(18), uint8(1))
	f.Add(uint8(rules.Place), uint8(0), uint8(1), int16(-1), uint8(2))
	f.Add(uint8(rules.Place), uint8(0), uint8(1), int16(400), uint8(3))
	f.Add(uint8(rules.Pass), uint8(0), uint8(0), int16(0), uint8(4))
	f.Add(uint8(rules.Place), uint8(2), uint8(16), int16(3), uint8(5))
	f.Fuzz(func(t *testing.T, kind, tag, n uint8, site int16, sizeByte uint8) {
		s := mustNew(t, "size="+strconv.Itoa(sizeFrom(sizeByte)))
		for _, warm := range []string{"@b3", "@c3", "@d3"} {
			if m, err := rules.ParseMove(s, warm); err == nil {
				s.Apply(m)
			}
		}
		m := rules.Move{Kind: rules.MoveKind(kind), Tag: tag, Len: n}
		for i := range m.Path {
			m.Path[i] = board.Site(site)
		}
		legal := rules.IsLegal(s, m)
		before := s.AppendKey(nil)
		s.Apply(m)
		if changed := !bytes.Equal(before, s.AppendKey(nil)); changed != legal {
			t.Fatalf("move %+v: legal=%v but changed=%v", m, legal, changed)
		}
		if s.Hash() != s.ComputeHash() {
			t.Fatalf("move %+v broke the hash", m)
		}
	})
}
