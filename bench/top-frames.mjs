// Summarises a V8 CPU profile (.cpuprofile from --cpu-prof): the functions with the most self
// time, and the same time grouped by where the code lives (our server, a package, node, GC).
// Run with: node bench/top-frames.mjs bench/out/profiles/<file>.cpuprofile [top=25]
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/top-frames.mjs <file.cpuprofile> [top]');
  process.exit(1);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
// timeDeltas[i] is the time before samples[i]; attribute it to that sample's node.
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function area(url) {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/packages/server/src/')) return 'server code';
  if (url.includes('/bench/')) return 'bench code';
  return url;
}

const functions = new Map();
const areas = new Map();
for (const [id, us] of selfUs) {
  const { callFrame } = byId.get(id);
  const name = callFrame.functionName || '(anonymous)';
  const where = area(callFrame.url);
  const key = `${name}  [${where}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}]`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  const areaKey = name.startsWith('(') && !callFrame.url ? name : where;
  areas.set(areaKey, (areas.get(areaKey) ?? 0) + us);
}
const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n\nself time by area:`);
for (const [key, us] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`  ${pct(us)}  ${key}`);
}
console.log(`\ntop ${top} functions by self time:`);
for (const [key, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${pct(us)}  ${key}`);
}
