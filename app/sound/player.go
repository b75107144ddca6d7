package sound

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"sync"

	"github.com/ebitengine/oto/v3"
)

// Player plays the sounds on the machine's sound device. Its zero value is ready to use and
// opens nothing until Open or Play is called, so that a program which never plays a sound
// (a test, a screenshot run) never touches the device.
type Player struct {
	mu    sync.Mutex
	ctx   *oto.Context
	ready chan struct{}
	// players holds one oto player per sound, rewound to replay it.
	players [kinds]*oto.Player
	clips   [kinds][]byte
	// problem is why the device cannot be used; once set, the player stays silent.
	problem error
}

// Open starts opening the sound device in the background, so that the first sound is not
// lost waiting for it. In a browser the device stays closed until the player first clicks
// or presses a key, as browsers require; sounds before that are skipped.
func (p *Player) Open() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.open()
}

// open creates the oto context once. The caller holds mu.
func (p *Player) open() {
	if p.ctx != nil || p.problem != nil {
		return
	}
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate:   SampleRate,
		ChannelCount: Channels,
		Format:       oto.FormatFloat32LE,
	})
	if err != nil {
		p.fail(err)
		return
	}
	p.ctx, p.ready = ctx, ready
}

// fail records why sounds are off and says so once in the log. The caller holds mu.
func (p *Player) fail(err error) {
	p.problem = fmt.Errorf("sound: %w", err)
	log.Printf("%v; sounds are off", p.problem)
}

// Play plays sound k from its start, cutting short the same sound if it is still playing.
// It never blocks: while the device is still opening, or when it could not be opened, the
// sound is skipped.
func (p *Player) Play(k Kind) {
	if k >= kinds {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.open()
	if !p.usable() {
		return
	}
	pl := p.players[k]
	if pl == nil {
		if p.clips[k] == nil {
			p.clips[k] = Clip(k)
		}
		pl = p.ctx.NewPlayer(bytes.NewReader(p.clips[k]))
		p.players[k] = pl
	}
	if pl.IsPlaying() {
		pl.Pause()
	}
	if _, err := pl.Seek(0, io.SeekStart); err != nil {
		p.fail(err)
		return
	}
	pl.Play()
}

// usable reports whether the device is open and working. oto reports a device that failed
// to open only once the opening is over, so until then it is not usable either. The caller
// holds mu.
func (p *Player) usable() bool {
	if p.ctx == nil || p.problem != nil {
		return false
	}
	select {
	case <-p.ready:
	default:
		return false
	}
	if err := p.ctx.Err(); err != nil {
		p.fail(err)
		return false
	}
	return true
}

// Problem returns why sounds cannot be played on this machine, or nil when they can or
// when that is not known yet.
func (p *Player) Problem() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.usable()
	return p.problem
}
