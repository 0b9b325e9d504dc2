/**
 * CPU per kept row of the validate step (RobotImportStage.storedRow: the staged columns of a valid row as
 * the import will read them), measured in one process on rows shaped like bench/import.bench.ts's
 * (17 makers, models, prices, notes; a quarter with warnings makes no difference here), and the bytes
 * of JSON kept per row. `pnpm exec tsx bench/import-kept-rows.ts [rows]` (default 200,000), three passes,
 * the best printed: on a shared machine the fastest pass is the one least disturbed.
 */
import { normalizeRobotKey } from '@cellforge/db';
import { RobotImportStage } from '../src/modules/catalog/robot-import-stage';

const makers = [
  ['ABB', 'IRB'], ['FANUC', 'M-'], ['KUKA', 'KR '], ['Yaskawa', 'GP'], ['Stäubli', 'TX2-'], ['Universal Robots', 'UR'],
  ['Kawasaki', 'RS'], ['Epson', 'T'], ['Denso', 'VS-'], ['Nachi', 'MZ'], ['Comau', 'NJ-'], ['Doosan', 'M'],
  ['Techman', 'TM'], ['Omron', 'Viper '], ['Mitsubishi Electric', 'RV-'], ['Franka', 'FR3-'], ['Kinova', 'Gen3-'],
] as const;
const n = Number(process.argv[2] ?? 200_000);
const rows = Array.from({ length: n }, (_, i) => {
  const [manufacturer, prefix] = makers[i % makers.length]!;
  const model = `${prefix}${1000 + (i % 9000)}-${Math.floor(i / 9000)}/${(i * 7) % 97}`;
  const description = i % 3 === 0 ? 'Cell 4, line B; spare arm, checked by maintenance' : `in service since ${2015 + (i % 9)}, line ${i % 40}`;
  const price = 20_000 + (i % 50) * 1000;
  return { row: i + 1, key: normalizeRobotKey(manufacturer, model), manufacturer, model, payload_kg: 3 + ((i * 37) % 400) / 2, reach_mm: 500 + ((i * 53) % 3000), dof: i % 11 === 0 ? 4 : 6, fields: { price_min_usd: price, price_max_usd: price, description } };
});
let best = Infinity;
let bytes = 0;
for (let pass = 0; pass < 3; pass += 1) {
  const t = process.cpuUsage();
  bytes = 0;
  for (const r of rows) bytes += RobotImportStage.storedRow(r).length;
  const used = process.cpuUsage(t);
  best = Math.min(best, (used.user + used.system) / n);
}
console.log(`storedRow: ${best.toFixed(2)} µs CPU per row (best of 3 passes over ${n.toLocaleString('en-US')} rows), ${(bytes / n).toFixed(0)} bytes of JSON per row`);
