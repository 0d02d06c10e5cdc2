// Issue 32: where a server's time goes, from a V8 CPU profile (node --cpu-prof, or BENCH_CPU_PROF=<dir>
// for the servers the bench starts) without a flame-graph viewer:
//   node --import tsx bench/cpuprofile.ts <file.cpuprofile> [top=30] [frame regex ...]
// prints the self time by function and by package (startup's module loading left out), and for each regex
// the inclusive time of the samples with a matching frame (`name@dir/file:line`), e.g. 'esm/core.js:133'
// (the zod answer serialiser), 'sessionOf', 'LOG@' (pino), 'writev'.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const NOT_WORK = new Set(['(idle)', '(program)']);
const STARTUP = /compileSourceTextModule|wrapSafe|Module\._load|ModuleJob|buildApp|openAndPrepare/;

export function summarise(p: CpuProfile, patterns: RegExp[] = []) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const frame = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anon)'}@${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const inclusive = patterns.map(() => 0);
  let work = 0;
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    if (NOT_WORK.has(node.callFrame.functionName)) continue;
    const stack: string[] = [];
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) stack.push(frame(byId.get(x)!));
    if (stack.some((f) => STARTUP.test(f))) continue;
    work += us;
    byFunction.set(stack[0]!, (byFunction.get(stack[0]!) ?? 0) + us);
    const url = node.callFrame.url;
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url ? url.split('/').at(-1)! : node.callFrame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    patterns.forEach((re, i) => {
      if (stack.some((f) => re.test(f))) inclusive[i]! += us;
    });
  }
  return { workMs: work / 1000, byFunction, byPackage, inclusive };
}

if (process.argv[1]?.endsWith('cpuprofile.ts')) {
  const [file, topArg, ...regexes] = process.argv.slice(2);
  if (!file) throw new Error('usage: bench/cpuprofile.ts <file.cpuprofile> [top] [frame regex ...]');
  const top = Number(topArg ?? 30);
  const patterns = regexes.map((r) => new RegExp(r));
  const s = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, patterns);
  const line = (us: number, label: string) =>
    `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / 1000 / s.workMs).toFixed(1).padStart(5)} %  ${label}`;
  const table = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(v, k));
  };
  console.log(`work (not idle, not start-up): ${s.workMs.toFixed(0)} ms`);
  table('self time by function', s.byFunction);
  table('self time by package or file', s.byPackage);
  if (patterns.length) {
    console.log('\ninclusive time of samples with a matching frame');
    patterns.forEach((re, i) => {
      console.log(line(s.inclusive[i]!, re.source));
    });
  }
}
