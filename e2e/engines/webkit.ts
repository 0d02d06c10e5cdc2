/**
 * WebKit (WebKitGTK, the engine family of iPad Safari) through the system's WebKitWebDriver (Debian
 * package webkit2gtk-driver), which drives MiniBrowser in automation mode under a virtual display
 * (xvfb-run). A WebDriver session keeps no storage, like a private window (Safari Private Browsing).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Capabilities, Key, WebDriver } from 'selenium-webdriver';
import { Executor, HttpClient } from 'selenium-webdriver/http';
import { type Driver, VIEWPORT } from './driver.ts';

/** MiniBrowser's binary, from the WebKitGTK package that ships it (`dpkg -L`). */
export function miniBrowserPath(): string | null {
  const owner = spawnSync('dpkg', ['-S', '*/MiniBrowser'], { encoding: 'utf8' });
  for (const line of owner.stdout.split('\n')) {
    const pkg = line.split(':')[0]?.trim();
    if (!pkg) continue;
    const files = spawnSync('dpkg', ['-L', pkg], { encoding: 'utf8' }).stdout.split('\n');
    const found = files.find((f) => f.endsWith('/MiniBrowser'));
    if (found) return found;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitForDriver(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('WebKitWebDriver did not start within 30 s');
}

export async function startWebKit(): Promise<Driver> {
  const binary = miniBrowserPath();
  if (!binary) throw new Error('MiniBrowser not found: apt-get install -y webkit2gtk-driver');
  const port = await freePort();
  // Its own process group, so quitting ends Xvfb and the browser with it.
  const child = spawn(
    'xvfb-run',
    [
      '-a',
      '-s',
      `-screen 0 ${VIEWPORT.width + 100}x${VIEWPORT.height + 200}x24`,
      'WebKitWebDriver',
      `--port=${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForDriver(url, child);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  const caps = new Capabilities({
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary, args: ['--automation'] },
  });
  const driver = await WebDriver.createSession(new Executor(new HttpClient(url)), caps);
  await driver
    .manage()
    .window()
    .setRect({ x: 0, y: 0, ...VIEWPORT });
  await driver.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 });

  /** Scrolls the element into view unless it is in view already ('center' then, clear of the sticky bars). */
  const element = async (css: string, block: 'center' | 'start' | 'end' | null = null) => {
    const el = await driver.findElement({ css });
    await driver.executeScript(
      `const el = arguments[0], block = arguments[1], r = el.getBoundingClientRect();
       const inView = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
       if (block || !inView) el.scrollIntoView({ block: block || 'center' });`,
      el,
      block,
    );
    return el;
  };
  return {
    engine: 'webkit',
    async open(u) {
      await driver.get(u);
    },
    async click(css) {
      // WebDriver refuses a click that another element (a sticky bar) would take: scroll, try again.
      for (const block of [null, 'center', 'start', 'end'] as const) {
        try {
          await (await element(css, block)).click();
          return;
        } catch (error) {
          if ((error as Error).name !== 'ElementClickInterceptedError' || block === 'end') throw error;
        }
      }
    },
    async keys(text) {
      await driver.actions({ async: true }).sendKeys(text).perform();
    },
    async escape() {
      await driver.actions({ async: true }).sendKeys(Key.ESCAPE).perform();
    },
    async drag(css, points) {
      const el = await element(css);
      const rect = await el.getRect();
      // Element origins are its centre: the points are from the top-left corner.
      const at = ([x, y]: readonly [number, number]) => ({
        origin: el,
        x: Math.round(x - rect.width / 2),
        y: Math.round(y - rect.height / 2),
      });
      let actions = driver.actions({ async: true }).move(at(points[0]!)).press();
      for (const p of points.slice(1)) actions = actions.move({ ...at(p), duration: 30 });
      await actions.release().perform();
    },
    async run<T>(source: string, ...args: unknown[]) {
      return (await driver.executeScript(
        `return (${source}).apply(null, JSON.parse(arguments[0]))`,
        JSON.stringify(args),
      )) as T;
    },
    async screenshot(file) {
      writeFileSync(file, Buffer.from(await driver.takeScreenshot(), 'base64'));
    },
    async quit() {
      await driver.quit().catch(() => undefined);
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    },
  };
}
