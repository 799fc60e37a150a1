// Where a `node --cpu-prof` profile spent its time: the top functions by self time and by total time
// (self plus callees), with their share of the busy samples (idle ones left out). Usage:
//   npx tsx scripts/bench/cpuProfileTop.ts file [top] [skip-seconds]
// skip-seconds leaves out the profile's first seconds (the server's start-up, before the load).
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, topArg, skipArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuProfileTop.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 30);
const profile = JSON.parse(await readFile(file, 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};
const skipMicros = Number(skipArg ?? 0) * 1_000_000;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*\/(node_modules\/|runtime\/)/, '$1');
  return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
};
const self = new Map<string, number>();
const total = new Map<string, number>();
let elapsed = 0;
let all = 0;
for (const [index, sample] of profile.samples.entries()) {
  elapsed += profile.timeDeltas[index] ?? 0;
  const node = byId.get(sample) as ProfileNode;
  if (elapsed < skipMicros || node.callFrame.functionName === '(idle)') continue;
  all++;
  self.set(label(node), (self.get(label(node)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
    const name = label(byId.get(id) as ProfileNode);
    if (seen.has(name)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + 1);
  }
}
const print = (title: string, counts: Map<string, number>) => {
  console.log(`\n${title} (${all} busy samples)`);
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * count) / all).toFixed(1).padStart(5)} %  ${name}`);
};
print('self time', self);
print('total time', total);
