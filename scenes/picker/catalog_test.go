package picker

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"koma/app/apptest"
	"koma/rules"
	"koma/rules/catalog"
)

// enter plays m through a fresh picker the way a person would: its sites clicked in order,
// then "End move" when the path can stop, and the matching button when the picker offers a
// choice or the move has no site. It returns the move the clicks produced.
func enter(p *Picker, legal []rules.Move, m rules.Move) (rules.Move, error) {
	p.Reset(legal)
	if m.Len == 0 {
		if slices.Contains(p.Specials(), m) {
			return m, nil
		}
		return rules.Move{}, fmt.Errorf("no button for %v among %v", m, p.Specials())
	}
	pick := func(r Result, at int) (rules.Move, error) {
		switch r.Outcome {
		case Play:
			return r.Move, nil
		case Choose:
			if slices.Contains(r.Choices, m) {
				return m, nil
			}
			return rules.Move{}, fmt.Errorf("not among the choices %v", r.Choices)
		}
		return rules.Move{}, fmt.Errorf("click %d gave outcome %d", at+1, r.Outcome)
	}
	for i, s := range m.Sites() {
		r := p.Click(s)
		if r.Outcome != Selected {
			return pick(r, i)
		}
	}
	if !p.CanStop() {
		return rules.Move{}, fmt.Errorf("the whole path is clicked but the move cannot end there")
	}
	return pick(p.Stop(), int(m.Len))
}

// TestEveryLegalMoveCanBeClicked enters every legal move of many random positions of every
// catalog ruleset, and of the toy game's variants, by clicks through the real picker.
func TestEveryLegalMoveCanBeClicked(t *testing.T) {
	specs, err := catalog.All.Specs()
	if err != nil {
		t.Fatal(err)
	}
	toys, err := apptest.ToyCatalog.Specs()
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"toy:turns=rich", "toy:start=sparse,turns=rich"} {
		spec, err := apptest.ToyCatalog.ParseSpec(text)
		if err != nil {
			t.Fatal(err)
		}
		toys = append(toys, spec)
	}
	games := 12
	if testing.Short() {
		games = 3
	}
	for _, spec := range append(specs, toys...) {
		t.Run(spec.String(), func(t *testing.T) {
			var p Picker
			entered := 0
			for seed := range uint64(games) {
				rng := rand.New(rand.NewPCG(seed, 7))
				st, err := spec.New()
				if err != nil {
					t.Fatal(err)
				}
				for {
					legal := st.LegalMoves(nil)
					if len(legal) == 0 {
						break
					}
					for _, m := range legal {
						got, err := enter(&p, legal, m)
						if err == nil && got != m {
							err = fmt.Errorf("the clicks played %s", rules.FormatMove(st, got))
						}
						if err != nil {
							t.Fatalf("seed %d: %s cannot be entered: %v\n%s", seed, rules.FormatMove(st, m), err, rules.Text(st))
						}
						entered++
					}
					st.Apply(legal[rng.IntN(len(legal))])
				}
			}
			t.Logf("%d moves entered by clicks", entered)
		})
	}
}
