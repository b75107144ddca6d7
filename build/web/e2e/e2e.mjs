// Browser end-to-end test of Koma's web build, run by build/test.sh after build/web.sh.
//
// It serves build/web/dist on 127.0.0.1 with build/serve, opens it in headless Chromium
// (Debian's, through playwright-core) and plays as a person would, clicking where the app
// says its buttons and board points are (window.koma.layout(), published by the app for
// this test):
//
//   1. English, mouse: a game of Alquerque against the Expert level; one move by clicking
//      a piece and its target, then the computer's reply, during which the page must keep
//      at least MIN_TPS ticks per second; then the game is downloaded and uploaded again.
//   2. Japanese browser, touch screen, phone-sized and at twice the pixel density: the
//      same by tapping, against the Hard level, with the rules shown in Japanese.
//   3. Site storage blocked, so that merely reading window.localStorage throws: the app
//      must start on in-memory settings, say that nothing can be stored, and play.
//   4. A returning player: the page reloaded after a setting, in the middle of a game (which
//      Continue must resume) and after a finished game; the app must start each time.
//   5. The app failing once it runs (here, the page refuses window.koma): the page must
//      say so rather than go blank.
//   6. Offline: Chromium reads the web app manifest and its icons; once the service worker
//      is active the network goes away, the page is reloaded, and a game is started and a
//      move played from the worker's copy of the app.
//   7. A new build deployed over an installed one (a copy of the build whose files change
//      while the page is open): the worker must fetch the new build, drop the old one's
//      cache, and the next visit must run the new page.
//   8. The review that teaches: a short game resigned, after which the app analyses every
//      position by itself, paced in slices like the AI, and must reach the last position.
//
// Screenshots go to $KOMA_SHOTS (default /tmp/koma-e2e), never into the repository.
//
//   node build/web/e2e/e2e.mjs            # after ./build/web.sh and npm ci in this folder
//   KOMA_E2E_ONLY=offline,new-build node build/web/e2e/e2e.mjs   # only the scenarios named
//   KOMA_WEB_DIST=folder node build/web/e2e/e2e.mjs              # another copy of the build
import { chromium } from "playwright-core";
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MIN_TPS = 55;
// MIN_TPS_PAUSED is the least one second of thinking may tick: the second that holds the
// longest pause, such as a collection of the wasm heap (about a quarter of a second at most).
// A CI run on 2026-11-25 had one 128 ms gap in 23 s (42 ticks in that second) while no work
// slice took over 16.5 ms, so the pause was not the search's; 40 allows one such stall.
const MIN_TPS_PAUSED = 40;
// A page that did not tick for this long would look frozen.
const MAX_GAP_MS = 500;
// Ebitengine's own tick rate, over its last second, when nothing is being repainted.
const MIN_SETTLED_TPS = 58;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
// KOMA_WEB_DIST tests another copy of the build, such as the release's web archive unpacked.
const dist = process.env.KOMA_WEB_DIST ? path.resolve(process.env.KOMA_WEB_DIST) : path.join(root, "build/web/dist");
const shots = process.env.KOMA_SHOTS || path.join(os.tmpdir(), "koma-e2e");
const chromiumPath = process.env.KOMA_CHROMIUM || "/usr/bin/chromium";
// The flags that work for Debian's chromium in a container without a GPU or a session bus.
const chromiumArgs = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

const results = { passed: 0, failed: 0 };
const report = [];

const started = Date.now();
function log(...args) {
  console.log(`e2e: ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s`, ...args);
}

function check(ok, what) {
  if (ok) {
    results.passed++;
    log("ok  ", what);
  } else {
    results.failed++;
    log("FAIL", what);
  }
  return ok;
}

// startServer builds and starts build/serve on a free port, serving dir, and returns its URL.
async function startServer(tmp, dir = dist) {
  const bin = path.join(tmp, "serve");
  if (!fs.existsSync(bin)) execFileSync("go", ["build", "-o", bin, "./build/serve"], { cwd: root, stdio: "inherit" });
  const proc = spawn(bin, ["-addr", "127.0.0.1:0", "-dir", dir], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("serve did not start: " + out)), 15000);
    proc.stdout.on("data", (chunk) => {
      out += chunk;
      const m = out.match(/on (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.on("exit", (code) => reject(new Error("serve exited with " + code + ": " + out)));
  });
  return { proc, url };
}

// Helpers that read the app through window.koma.
const layout = (page) => page.evaluate(() => window.koma.layout());
const state = (page) => page.evaluate(() => window.koma.state());

// Timeouts are generous: without a GPU, Chromium draws WebGL in software (SwiftShader),
// where one full repaint of the app takes most of a second.
async function waitFor(page, what, fn, arg, timeout = 90000) {
  try {
    await page.waitForFunction(fn, arg, { timeout, polling: 100 });
  } catch (e) {
    const l = await layout(page).catch(() => null);
    throw new Error(`waiting for ${what}: ${e.message.split("\n")[0]}; screen: ${JSON.stringify(l && { scene: l.scene, status: l.status })}`);
  }
}

const waitScene = (page, scene, timeout) =>
  waitFor(page, "scene " + scene, (s) => {
    const l = window.koma && window.koma.layout();
    return l && l.scene === s;
  }, scene, timeout);

async function target(page, id) {
  const l = await layout(page);
  const t = (l.targets || []).find((t) => t.id === id);
  if (!t) throw new Error(`no target ${id} on the ${l.scene} screen; have: ${(l.targets || []).map((t) => t.id).join(" ")}`);
  return t;
}

// pointer clicks with the mouse, or taps on the touch screen. Both press and release at
// once, within one frame: the app must still see them.
async function press(page, touch, x, y) {
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

// pressTarget presses the target with this id. A target out of sight is looked for the way
// a person would: in the game panel's "More" list in a small window, or further down a
// page that scrolls.
async function pressTarget(page, touch, id) {
  const has = async (want) => ((await layout(page)).targets || []).some((t) => t.id === want);
  if (!(await has(id)) && (await has("more"))) {
    const m = await target(page, "more");
    await press(page, touch, m.x + m.w / 2, m.y + m.h / 2);
    await waitScene(page, "more");
  }
  for (let i = 0; i < 12 && !(await has(id)); i++) {
    const vp = page.viewportSize();
    await page.mouse.move(vp.width / 2, vp.height / 3);
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(100);
  }
  const t = await target(page, id);
  await press(page, touch, t.x + t.w / 2, t.y + t.h / 2);
}

// shot saves a screenshot once the screen has settled: a scene change cross-fades over
// several repaints, each slow without a GPU.
async function shot(page, name) {
  await page.waitForFunction((min) => window.koma.tps() >= min, MIN_SETTLED_TPS, { timeout: 30000, polling: 250 })
    .catch(() => log("the screen did not settle before", name));
  const file = path.join(shots, name);
  await page.screenshot({ path: file });
  log("screenshot", file);
  report.push(file);
}

// newGame goes from the menu to a game of gameID against level, the person playing first.
async function newGame(page, touch, gameID, level, shotName) {
  await waitScene(page, "menu", 60000);
  await pressTarget(page, touch, "game:" + gameID);
  await waitScene(page, "setup");
  await pressTarget(page, touch, "side:0");
  await pressTarget(page, touch, "level:" + level);
  await waitFor(page, "level " + level + " selected", (id) => {
    const t = window.koma.layout().targets.find((t) => t.id === id);
    return t && t.selected;
  }, "level:" + level);
  if (shotName) await shot(page, shotName);
  await pressTarget(page, touch, "start");
  await waitScene(page, "game");
  await waitFor(page, "the person's turn", () => window.koma.layout().board.humanToMove);
}

// playMove plays a legal move of at least two sites by pressing each site in turn, and
// returns it. With two or more sites, this is "tap a piece, then its target".
async function playMove(page, touch) {
  const before = (await layout(page)).board;
  const mv = before.legal.find((m) => m.sites && m.sites.length >= 2) || before.legal[0];
  log("playing", mv.text, "by", touch ? "tapping" : "clicking", mv.sites.join(" then "));
  for (let i = 0; i < mv.sites.length; i++) {
    const p = (await layout(page)).board.points.find((p) => p.label === mv.sites[i]);
    await press(page, touch, p.x, p.y);
    if (i < mv.sites.length - 1) {
      await waitFor(page, `site ${mv.sites[i]} selected`, (n) => {
        const b = window.koma.layout().board;
        return b && (b.partial || []).length === n;
      }, i + 1);
    }
  }
  const end = (await layout(page)).targets.find((t) => t.id === "end-move");
  if (end && (await layout(page)).board.plies === before.plies) await pressTarget(page, touch, "end-move");
  await waitFor(page, "the move to be played", (n) => window.koma.layout().board.plies > n, before.plies);
  return mv;
}

// awaitReply waits for the computer's move and returns the app's measurements of the
// thinking window.
async function awaitReply(page, pliesBefore, timeout) {
  await waitFor(page, "the computer's reply", (n) => {
    const b = window.koma.layout().board;
    return b && b.plies > n && !b.thinking && (b.humanToMove || b.over);
  }, pliesBefore, timeout);
  return (await state(page)).think;
}

function watchErrors(page, errors) {
  page.on("pageerror", (e) => errors.push("page error: " + e.message));
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() === "error" || /panic|fatal error/.test(text)) errors.push("console: " + text);
  });
}

async function englishMouseExpert(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US", acceptDownloads: true });
  // Keep hold of the audio contexts the page makes, to see that the sounds start working
  // once the player has clicked, as browsers require.
  await context.addInitScript(() => {
    const Base = window.AudioContext;
    window.__audioContexts = [];
    window.AudioContext = class extends Base {
      constructor(...args) {
        super(...args);
        window.__audioContexts.push(this);
      }
    };
  });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(url);
  await waitScene(page, "menu", 60000);
  const s0 = await state(page);
  check(s0.lang === "en", `an English browser gets English (lang=${s0.lang})`);
  await shot(page, "en-1-menu.png");

  await newGame(page, false, "konane", "expert", "en-2-setup.png");
  await shot(page, "en-3-game.png");
  // A reply with a single legal move, or a proven result, takes no thought: play on until
  // the Expert level has really thought.
  let think;
  for (let round = 1; round <= 3; round++) {
    await playMove(page, false);
    if (round === 1) {
      await waitFor(page, "the sound to start after the first click",
        () => window.__audioContexts.length > 0 && window.__audioContexts[0].state === "running", undefined, 10000);
      check(await page.evaluate(() => window.__audioContexts.length) === 1, "one audio context, running after the first click");
    }
    const plies = (await layout(page)).board.plies;
    await waitFor(page, "the computer to think", () => window.koma.state().thinking);
    log("the Expert level is thinking…");
    think = await awaitReply(page, plies, 180000);
    log("thinking window:", JSON.stringify(think));
    if (think.seconds >= 2) break;
  }
  const rest = think.perSecond.slice(1);
  const worstRest = rest.length ? Math.min(...rest) : think.tps;
  report.push(`Expert thought ${think.seconds.toFixed(1)} s: ${think.tps.toFixed(1)} ticks/s on average; ` +
    `first second ${(think.perSecond[0] ?? think.tps).toFixed(1)}, worst later second ${worstRest.toFixed(1)}; ` +
    `${think.frames} frames (${think.painted} full repaints, ${think.parts} partial); ` +
    `longest gap between ticks ${think.maxGapMs.toFixed(1)} ms; longest slice ${think.maxSliceMs.toFixed(1)} ms; ` +
    `search work ${(think.workMs / 1000).toFixed(1)} s`);
  report.push("ticks per second, second by second: " + think.perSecond.map((r) => r.toFixed(1)).join(" "));
  check(think.seconds >= 2, `the Expert level thought for ${think.seconds.toFixed(1)} s (${think.ticks} ticks)`);
  check(think.tps >= MIN_TPS, `ticks per second while Expert thought: ${think.tps.toFixed(1)} >= ${MIN_TPS}`);
  // The first second also pays for presenting the repaint that showed the person's move,
  // which a browser without a GPU reads back from the canvas: a drawing cost, reported
  // above. Every later second is the search's alone. One of them may hold the longest
  // pause, such as a collection of the wasm heap (gaps of 93 and 128 ms once in 23 s cost a
  // second 6 and 18 ticks), down to MIN_TPS_PAUSED; every other second must keep up.
  const secondWorstRest = rest.length > 1 ? [...rest].sort((a, b) => a - b)[1] : worstRest;
  check(secondWorstRest >= MIN_TPS,
    `ticks in every later second but the one with the longest pause while Expert thought: ${secondWorstRest.toFixed(1)} >= ${MIN_TPS}`);
  check(worstRest >= MIN_TPS_PAUSED,
    `ticks in the later second with the longest pause while Expert thought: ${worstRest.toFixed(1)} >= ${MIN_TPS_PAUSED}`);
  check(think.maxGapMs < MAX_GAP_MS, `no tick waited ${MAX_GAP_MS} ms or more for the next (longest ${think.maxGapMs.toFixed(1)} ms)`);
  await shot(page, "en-4-after-reply.png");

  // Save downloads the record; Open uploads it again.
  const [download] = await Promise.all([page.waitForEvent("download"), pressTarget(page, false, "save")]);
  const saved = path.join(shots, "saved-" + download.suggestedFilename());
  await download.saveAs(saved);
  const record = fs.readFileSync(saved, "utf8");
  check(/^konane-\d{4}-\d{2}-\d{2}\.json$/.test(download.suggestedFilename()) && record.includes("konane"),
    `Save downloads the record (${download.suggestedFilename()}, ${record.length} bytes)`);
  const pliesSaved = (await layout(page)).board.plies;
  await pressTarget(page, false, "undo");
  await waitFor(page, "undo", (n) => window.koma.layout().board.plies < n, pliesSaved);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), pressTarget(page, false, "open")]);
  await chooser.setFiles(saved);
  await waitFor(page, "the uploaded game", (n) => {
    const b = window.koma.layout().board;
    return b && b.plies === n;
  }, pliesSaved);
  check(true, `Open uploads the record back (${pliesSaved} moves)`);

  const stored = await page.evaluate(() => Object.keys(localStorage).sort());
  check(stored.includes("koma/settings.json") && stored.includes("koma/autosave.json"),
    `settings and autosave live in localStorage (${stored.join(", ")})`);
  check(errors.length === 0, "no errors on the page" + (errors.length ? ": " + errors.join(" | ") : ""));
  await context.close();
}

async function japaneseTouch(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, locale: "ja-JP",
  });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(url);
  await waitScene(page, "menu", 60000);
  const s0 = await state(page);
  check(s0.lang === "ja", `a Japanese browser gets Japanese (lang=${s0.lang})`);
  await shot(page, "ja-1-menu.png");
  await newGame(page, true, "alquerque", "hard", "ja-2-setup.png");

  await pressTarget(page, true, "rules");
  await waitScene(page, "rules");
  await shot(page, "ja-3-rules.png");
  await pressTarget(page, true, "close");
  await waitScene(page, "game");

  // A forced reply takes no thought; play on until the computer visibly thinks.
  let thought = false;
  for (let round = 1; round <= 3 && !thought; round++) {
    const mv = await playMove(page, true);
    check(mv.sites.length >= 2, `tapping a piece and then its target played ${mv.text}`);
    const plies = (await layout(page)).board.plies;
    await waitFor(page, "the computer to think or reply", (n) => {
      const b = window.koma.layout().board;
      return window.koma.state().thinking || b.plies > n || b.over;
    }, plies);
    if ((await state(page)).thinking) {
      thought = true;
      await page.waitForTimeout(1000);
      check(await page.evaluate(() => !document.getElementById("thinking").hidden),
        "the page shows its thinking bar while the computer thinks");
      await shot(page, "ja-4-thinking.png");
    }
    await awaitReply(page, plies, 120000);
    if ((await layout(page)).board.over) break;
  }
  check(thought, "the computer thought about a reply");
  check(await page.evaluate(() => document.getElementById("thinking").hidden), "the thinking bar is gone after the reply");
  await shot(page, "ja-5-game.png");
  check(errors.length === 0, "no errors on the page" + (errors.length ? ": " + errors.join(" | ") : ""));
  await context.close();
}

async function storageBlocked(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  // What a browser does when the person blocks site data: the getter itself throws.
  await context.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get() { throw new DOMException("Storage is blocked for this site.", "SecurityError"); },
    });
  });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(url);
  check(await page.evaluate(() => { try { void window.localStorage; return false; } catch { return true; } }),
    "reading window.localStorage throws on this page");
  // The notice shows for five seconds from the first tick: look for it at once.
  await waitFor(page, "the notice that nothing can be stored", () => {
    const s = window.koma && window.koma.state();
    return s && (s.notices || []).some((n) => /cannot be stored/.test(n));
  }, undefined, 60000);
  const notices = (await state(page)).notices || [];
  check(true, `the app says so: "${notices.join(" / ")}"`);
  const file = path.join(shots, "blocked-1-notice.png");
  await page.screenshot({ path: file });
  report.push(file);
  await waitScene(page, "menu", 60000);
  await newGame(page, false, "konane", "beginner");
  // Playing a move writes the autosave, to memory here.
  const mv = await playMove(page, false);
  check(true, `a game is played without storage (${mv.text})`);
  await shot(page, "blocked-2-game.png");
  check(errors.length === 0, "no errors on the page" + (errors.length ? ": " + errors.join(" | ") : ""));
  await context.close();
}

// reloadApp reloads the page, as a returning player does, and waits for the menu. The app
// must start from what the previous visit stored.
async function reloadApp(page, why) {
  await page.reload();
  await waitScene(page, "menu", 90000);
  check(await page.evaluate(() => { const e = document.getElementById("error"); return !e || e.hidden || !e.textContent; }),
    `the app starts again after a reload ${why}`);
}

async function returningPlayer(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(url);
  await waitScene(page, "menu", 60000);

  // A setting changed, then a reload: the setting is read back.
  await pressTarget(page, false, "settings");
  await waitScene(page, "settings");
  await pressTarget(page, false, "lang:ja");
  await waitFor(page, "Japanese chosen", () => window.koma.state().lang === "ja");
  await pressTarget(page, false, "done");
  await waitScene(page, "menu");
  await reloadApp(page, "after a setting was changed");
  check((await state(page)).lang === "ja", `the language chosen before the reload is kept (lang=${(await state(page)).lang})`);

  // A game in progress, then a reload: Continue resumes it where it was.
  await newGame(page, false, "konane", "beginner");
  let plies = 0;
  for (let round = 0; round < 2; round++) {
    await playMove(page, false);
    plies = (await layout(page)).board.plies;
    await awaitReply(page, plies, 60000);
    plies = (await layout(page)).board.plies;
  }
  await reloadApp(page, "in the middle of a game");
  await pressTarget(page, false, "continue");
  await waitScene(page, "game");
  const resumed = (await layout(page)).board;
  check(resumed.plies === plies && resumed.humanToMove, `Continue resumes the game after a reload (${resumed.plies} of ${plies} decisions, the player to move)`);
  await shot(page, "return-1-resumed.png");

  // A finished game, then a reload: the app starts, and the game is not offered to continue.
  await pressTarget(page, false, "resign");
  await waitScene(page, "resign");
  await pressTarget(page, false, "resign");
  await waitFor(page, "the game to end", () => window.koma.layout().board && window.koma.layout().board.over);
  await reloadApp(page, "after a finished game");
  await shot(page, "return-2-menu.png");
  const stored = await page.evaluate(() => Object.keys(localStorage).sort());
  check(!stored.some((k) => k.endsWith(".bad")), `nothing was kept aside as unreadable (${stored.join(", ")})`);
  check(errors.length === 0, "no errors on the page" + (errors.length ? ": " + errors.join(" | ") : ""));
  await context.close();
}

async function reviewAnalysis(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(url);
  await newGame(page, false, "konane", "beginner");
  for (let round = 0; round < 2; round++) {
    await playMove(page, false);
    await awaitReply(page, (await layout(page)).board.plies, 60000);
  }
  const plies = (await layout(page)).board.plies;
  await pressTarget(page, false, "resign");
  await waitScene(page, "resign");
  await pressTarget(page, false, "resign");
  await waitFor(page, "the game to end", () => window.koma.layout().board && window.koma.layout().board.over);
  await waitFor(page, "the analysis to start by itself", () => window.koma.layout().board.toAnalyse > 0, undefined, 30000);
  let slowest = Infinity;
  const began = Date.now();
  for (;;) {
    const b = (await layout(page)).board;
    if (b.analysed >= b.toAnalyse) break;
    if (Date.now() - began > 180000) throw new Error(`the analysis judged ${b.analysed} of ${b.toAnalyse} positions in 180 s`);
    // Logged, not checked: every judged position repaints the progress and the graph,
    // and without a GPU one repaint takes most of a second here.
    const tps = await page.evaluate(() => window.koma.tps());
    log(`analysing: ${b.analysed} of ${b.toAnalyse}, ${tps.toFixed(1)} ticks in the last second`);
    slowest = Math.min(slowest, tps);
    await page.waitForTimeout(250);
  }
  const b = (await layout(page)).board;
  log(`analysed ${b.analysed} of ${b.toAnalyse} positions in ${((Date.now() - began) / 1000).toFixed(1)} s; slowest second ${slowest.toFixed(1)} ticks`);
  check(b.toAnalyse === plies + 1 && b.analysed === b.toAnalyse, `the analysis judged every position of the game (${b.analysed} of ${b.toAnalyse}, ${plies} decisions)`);
  await shot(page, "review-1-analysed.png");
  check(errors.length === 0, "no errors on the page" + (errors.length ? ": " + errors.join(" | ") : ""));
  await context.close();
}

async function failureShown(browser, url) {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 }, locale: "en-US" });
  // The app publishes window.koma while it starts, after the loading screen is gone; a
  // page that refuses it makes the app fail at that point.
  await context.addInitScript(() => {
    Object.defineProperty(window, "koma", {
      configurable: true,
      get() { return undefined; },
      set() { throw new Error("this page refuses window.koma"); },
    });
  });
  const page = await context.newPage();
  await page.goto(url);
  const error = page.locator("#error");
  await error.waitFor({ state: "visible", timeout: 90000 });
  const text = await error.textContent();
  check(/could not start/.test(text) && /refuses window\.koma/.test(text), `a failure after the start is shown on the page: "${text}"`);
  const file = path.join(shots, "failed-start.png");
  await page.screenshot({ path: file });
  report.push(file);
  await context.close();
}

// offline checks that the web app installs and then plays without a network: the manifest
// and its icons as Chromium reads them, then, with the service worker active, a reload with
// the network cut off, a new game and a move.
async function offline(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  // What the page gets over the network, and what from the service worker.
  const network = [];
  const fromWorker = [];
  page.on("requestfinished", (r) => {
    r.response().then((resp) => {
      if (resp) (resp.fromServiceWorker() ? fromWorker : network).push(new URL(r.url()).pathname);
    });
  });
  await page.goto(url);
  await waitScene(page, "menu", 60000);

  // The manifest as Chromium parsed it, and every icon it lists loaded as a picture.
  const cdp = await context.newCDPSession(page);
  const app = await cdp.send("Page.getAppManifest");
  const manifest = JSON.parse(app.data || "{}");
  check(app.url.endsWith("/manifest.webmanifest") && (app.errors || []).length === 0,
    `Chromium reads the manifest without errors (${app.url}; ${JSON.stringify(app.errors || [])})`);
  const icons = manifest.icons || [];
  const sizes = icons.map((i) => `${i.sizes}${i.purpose === "maskable" ? " maskable" : ""}`);
  check(manifest.name === "Koma" && manifest.display === "standalone" && sizes.includes("192x192") &&
    sizes.includes("512x512") && sizes.includes("512x512 maskable"), `the manifest names Koma and lists its icons: ${sizes.join(", ")}`);
  const loaded = await page.evaluate(async (list) => {
    const out = [];
    for (const icon of list) {
      const resp = await fetch(new URL(icon.src, document.baseURI));
      const bitmap = await createImageBitmap(await resp.blob());
      out.push(`${icon.src} ${bitmap.width}x${bitmap.height}`);
    }
    return out;
  }, icons);
  check(icons.every((icon, i) => loaded[i] === `${icon.src} ${icon.sizes}`), `every icon loads at its size: ${loaded.join(", ")}`);
  const favicon = await page.evaluate(() => document.querySelector("link[rel=icon]").href);
  check(/favicon\.png$/.test(favicon), `the page has a favicon (${favicon})`);
  const installability = await cdp.send("Page.getInstallabilityErrors").catch(() => null);
  if (installability) log("installability as Chromium sees it:", JSON.stringify(installability.installabilityErrors));

  // The worker registers once the app runs and takes the page over when it has the files.
  const build = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith("koma-")));
    const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
    return { state: reg.active && reg.active.state, names, keys };
  });
  check(build.state === "activated" && build.names.length === 1 && /^koma-[0-9a-f]{16}$/.test(build.names[0]),
    `the service worker is active with one cache named after the build (${build.names.join(", ")})`);
  check(["/", "/index.html", "/wasm_exec.js", "/koma.wasm"].every((p) => build.keys.includes(p)),
    `it keeps the page, the loader and the module (${build.keys.join(" ")})`);

  await context.setOffline(true);
  // A file the worker does not keep must now fail to load; the browser logs that failure,
  // which is what this probe expects rather than an error of the app.
  const logged = errors.length;
  check(await page.evaluate(() => fetch("LICENSES.txt", { cache: "no-store" }).then(() => false, () => true)),
    "the network is cut off: a file the worker does not keep cannot be fetched");
  await page.waitForTimeout(200);
  errors.splice(logged, errors.length - logged, ...errors.slice(logged).filter((e) => !/Failed to load resource/.test(e)));
  network.length = 0;
  fromWorker.length = 0;
  await page.reload();
  await waitScene(page, "menu", 90000);
  const s = await state(page);
  check(s.lang === "en", "the app starts again offline, from the service worker's copy");
  check(network.length === 0 && fromWorker.includes("/koma.wasm"),
    `the offline reload came from the worker (${fromWorker.join(" ")}), nothing over the network (${network.join(" ") || "nothing"})`);
  await newGame(page, false, "konane", "beginner");
  const mv = await playMove(page, false);
  check(true, `a game is started and a move played offline (${mv.text})`);
  await shot(page, "offline-1-game.png");
  await context.setOffline(false);
  check(errors.length === 0, "no errors on the page" + (errors.length ? ": " + errors.join(" | ") : ""));
  await context.close();
}

// cacheNames lists the page's caches once its service worker controls it.
async function cacheNames(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
    return caches.keys();
  });
}

// newBuild checks that deploying a new build replaces the one a browser keeps. It serves a
// copy of the build, so that the copy can change under the open page as a deployment
// would change a web server's files.
async function newBuild(browser) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "koma-deploy-"));
  const site = path.join(tmp, "site");
  fs.cpSync(dist, site, { recursive: true });
  const server = await startServer(tmp, site);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    await page.goto(server.url);
    await waitScene(page, "menu", 60000);
    const before = await cacheNames(page);
    check(before.length === 1, `the first build is kept (${before.join(", ")})`);

    // The deployment: a new page and, as build/web.sh writes it, a service worker whose
    // cache is named after the new build.
    const sw = fs.readFileSync(path.join(site, "sw.js"), "utf8");
    const id = /const BUILD = "([0-9a-f]+)"/.exec(sw);
    if (!check(id !== null, "the service worker names its build")) return;
    fs.writeFileSync(path.join(site, "sw.js"), sw.replace(id[0], 'const BUILD = "0000000000000002"'));
    const html = fs.readFileSync(path.join(site, "index.html"), "utf8");
    fs.writeFileSync(path.join(site, "index.html"), html.replace("<head>", '<head>\n<meta name="koma-test-build" content="2">'));

    // The visit after the deployment still runs the build it has, whole, while the browser
    // finds the new worker and lets it fetch the new build.
    await page.reload();
    await waitScene(page, "menu", 90000);
    check(await page.evaluate(() => !document.querySelector("meta[name=koma-test-build]")),
      "the visit that finds the new build runs the old one whole");
    let names = [];
    for (let i = 0; i < 120; i++) {
      names = await page.evaluate(() => caches.keys());
      if (names.length === 1 && names[0] === "koma-0000000000000002") break;
      await page.waitForTimeout(500);
    }
    check(names.length === 1 && names[0] === "koma-0000000000000002",
      `the new build replaces the old one in the browser's cache (${before.join(", ")} -> ${names.join(", ")})`);
    await page.reload();
    await waitScene(page, "menu", 90000);
    check(await page.evaluate(() => document.querySelector("meta[name=koma-test-build]") !== null),
      "the next visit runs the new build");
    check(errors.length === 0, "no errors on the page" + (errors.length ? ": " + errors.join(" | ") : ""));
    await context.close();
  } finally {
    server.proc.kill();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function main() {
  if (!fs.existsSync(path.join(dist, "koma.wasm"))) throw new Error(`${dist}/koma.wasm is missing: run ./build/web.sh first`);
  fs.rmSync(shots, { recursive: true, force: true });
  fs.mkdirSync(shots, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "koma-serve-"));
  const server = await startServer(tmp);
  let browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
    // KOMA_E2E_ONLY=storage-blocked,failure-shown runs only the scenarios named.
    const only = (process.env.KOMA_E2E_ONLY || "").split(",").filter(Boolean);
    for (const [name, scenario] of [["english-mouse-expert", englishMouseExpert], ["japanese-touch", japaneseTouch],
      ["returning-player", returningPlayer], ["storage-blocked", storageBlocked], ["failure-shown", failureShown],
      ["offline", offline], ["new-build", newBuild], ["review-analysis", reviewAnalysis]]) {
      if (only.length && !only.includes(name)) continue;
      log("==", name);
      try {
        await scenario(browser, server.url);
      } catch (e) {
        check(false, `${name}: ${e.message}`);
      }
    }
  } finally {
    if (browser) await browser.close();
    server.proc.kill();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  log("== report");
  for (const line of report) log(line);
  console.log(`e2e: ${results.passed} passed, ${results.failed} failed`);
  process.exitCode = results.failed > 0 ? 1 : 0;
}

main().catch((e) => {
  console.error("e2e:", e);
  process.exitCode = 1;
});
