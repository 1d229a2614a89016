/**
 * The allergy-safety generator over every venue of the repository (issue 17 item 8): the demo venues
 * (apps/server/seed/venues) and the evaluation's blind venues (scripts/eval-assistant/venues). For each,
 * every allergen and diet its menu uses, said many ways in five languages (safety/generator.ts); counts
 * the replies that list or add a dish, or choose an option, unsafe for what the message stated.
 *
 *   npm run eval:allergy                 the assistant as guests get it (abstain, rules, safety gate)
 *   npm run eval:allergy -- --before     the offline rules alone, without the gate (the figure before issue 17)
 *   npm run eval:allergy -- --examples 40
 *
 * Exit code 1 when any reply is unsafe.
 */
import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { replyOfflineGuarded } from '../apps/server/src/providers/assistant/index.ts';
import { replyOffline } from '../apps/server/src/providers/assistant/offline/index.ts';
import { loadMenuFile, storedMenu } from '../apps/server/src/providers/assistant/offline/test/demo-menus.ts';
import { runAllergyGenerator, type GeneratorResult } from '../apps/server/src/providers/assistant/safety/generator.ts';

const DIRS = [
  fileURLToPath(new URL('../apps/server/seed/venues/', import.meta.url)),
  fileURLToPath(new URL('./eval-assistant/venues/', import.meta.url)),
];

const args = process.argv.slice(2);
const before = args.includes('--before');
const examplesAt = args.indexOf('--examples');
const keepExamples = examplesAt >= 0 ? Number(args[examplesAt + 1]) : 8;
const answer = before ? replyOffline : replyOfflineGuarded;

const files = DIRS.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => `${dir}${f}`),
);
let messages = 0;
let unsafe = 0;
let helpful = 0;
const kinds: GeneratorResult['byKind'] = {};
const languages: GeneratorResult['byLanguage'] = {};
const started = performance.now();
console.log(
  `Allergy-safety generator (${before ? 'offline rules alone, no gate' : 'abstain, rules and safety gate'})\n`,
);
console.log('venue                 messages  unsafe  with a dish');
for (const file of files) {
  // As the database holds it (the import reads old allergen names as the 14 identifiers).
  const menu = storedMenu(loadMenuFile(file));
  const r = await runAllergyGenerator(menu, (input) => Promise.resolve(answer(input)), { keepExamples });
  messages += r.messages;
  unsafe += r.unsafe;
  helpful += r.helpful;
  for (const [k, v] of Object.entries(r.byKind)) {
    const t = (kinds[k] ??= { messages: 0, unsafe: 0 });
    t.messages += v.messages;
    t.unsafe += v.unsafe;
  }
  for (const [k, v] of Object.entries(r.byLanguage)) {
    const t = (languages[k] ??= { messages: 0, unsafe: 0 });
    t.messages += v.messages;
    t.unsafe += v.unsafe;
  }
  console.log(
    `${menu.venueName.padEnd(22)}${String(r.messages).padStart(8)}${String(r.unsafe).padStart(8)}${String(r.helpful).padStart(13)}`,
  );
  for (const e of r.examples) console.log(`    [${e.language}] "${e.message}": ${e.problems.join('; ')}`);
}
console.log(
  '\nby kind:',
  Object.entries(kinds)
    .map(([k, v]) => `${k} ${v.unsafe}/${v.messages}`)
    .join(', '),
);
console.log(
  'by language:',
  Object.entries(languages)
    .map(([k, v]) => `${k} ${v.unsafe}/${v.messages}`)
    .join(', '),
);
console.log(
  `\nALL: ${messages} messages, ${unsafe} unsafe replies (${((100 * unsafe) / messages).toFixed(1)} %), ${helpful} with a dish, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exitCode = unsafe > 0 ? 1 : 0;
