/**
 * What buyers and technicians type into the chat, for bench/chat-http.bench.ts: conversations
 * (a first question and its follow-ups) written from templates of their phrasings, with figures,
 * makers, models, units and languages varied by a seeded generator, so that no two first
 * questions of a run are the same and the advisor's remembered answers cannot serve them all.
 * The follow-ups are sent with the answers the API really gave (the client keeps the history).
 */
import { seedRobots } from '@cellforge/db';
import { errorCodeEntries } from '../src/modules/ai/knowledge/error-codes';

export interface ChatTurn {
  message: string;
  context?: Record<string, unknown>;
}
export interface Conversation {
  kind: string;
  turns: ChatTurn[];
}

/** Deterministic pseudo-random numbers, so every run asks the same questions. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const makers = ['FANUC', 'ABB', 'KUKA', 'Yaskawa', 'Universal Robots', 'Doosan', 'Epson', 'Kawasaki', 'Denso', 'Nachi', 'Stäubli', 'Techman'];
const applications = {
  en: ['machine tending', 'palletizing', 'welding', 'pick and place', 'screwdriving', 'packaging', 'assembly', 'deburring', 'painting', 'bin picking'],
  de: ['Maschinenbeschickung', 'Palettieren', 'Schweißen', 'Pick and Place', 'Verpacken', 'Montage'],
  es: ['carga de máquinas', 'paletizado', 'soldadura', 'pick and place', 'embalaje', 'ensamblaje'],
  fr: ['chargement de machines', 'palettisation', 'soudage', 'prise et dépose', 'emballage', 'assemblage'],
};
const things = { en: ['parts', 'boxes', 'bags', 'castings', 'trays', 'cartons'], de: ['Teile', 'Kartons', 'Säcke'], es: ['piezas', 'cajas', 'sacos'], fr: ['pièces', 'cartons', 'sacs'] };

/** A figure with one decimal now and then, written the way the language writes it. */
const figure = (v: number, lang: string) => {
  const s = Number.isInteger(v) ? String(v) : v.toFixed(1);
  return lang === 'en' ? s : s.replace('.', ',');
};

export function conversations(count: number, seed = 7): Conversation[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const models = seedRobots.map((r) => ({ maker: r.manufacturer, model: r.model }));
  const out: Conversation[] = [];
  for (let n = 0; out.length < count; n += 1) {
    // Payload and reach move with n, so first questions do not repeat within a run.
    const kg = Math.round((0.5 + ((n * 37) % 997) / 10 + rnd() * 3) * 10) / 10;
    const reachMm = 300 + ((n * 53) % 2900);
    const budget = 20 + ((n * 7) % 180);
    const lang = pick(['en', 'en', 'en', 'en', 'de', 'es', 'fr'] as const);
    const app = pick(applications[lang]);
    const thing = pick(things[lang]);
    const maker = pick(makers);
    const other = pick(makers.filter((m) => m !== maker));
    const kind = pick(['selection', 'selection', 'selection', 'selection-units', 'troubleshooting', 'troubleshooting', 'model', 'comparison', 'roi', 'robot-page', 'small-talk']);
    const reach = rnd() < 0.5 ? `${figure(reachMm / 1000, lang)} m` : `${reachMm} mm`;
    const weight = `${figure(kg, lang)} kg`;
    switch (kind) {
      case 'selection': {
        const first = {
          en: pick([
            `I need a robot for ${app}, ${thing} weigh ${weight} and it must reach ${reach}`,
            `Looking for a cobot for ${app}, ${weight}, ${reach} reach, ${maker} or ${other}`,
            `We want to automate ${app} of ${weight} ${thing}, about ${reach}, budget ${budget}k`,
            `which robot for ${app}? ${weight} payload, ${reach}, no ${maker} please`,
            `Need a robot: ${weight} ${thing}, reach ${reach}, IP67, food plant`,
          ]),
          de: `Ich brauche einen Roboter zum ${app} von ${weight} ${thing}, Reichweite ${reach}, kein ${maker}`,
          es: `Necesito un robot para ${app}, ${thing} de ${weight} y alcance de ${reach}`,
          fr: `Je cherche un robot pour ${app}, ${thing} de ${weight}, portée ${reach}`,
        }[lang];
        const follow = pick([
          [`Actually the ${pick(things.en)} are ${figure(Math.round(kg * 13) / 10, 'en')} kg`, "What's the reach of the second one?"],
          [`and no ${other} either`, 'Which one is the cheapest?'],
          [`budget is $${budget * 1000 + 500}`],
          [`${figure((reachMm + 400) / 1000, lang)} m`, 'compare the first two'],
          ['only IP67 robots please'],
          ['Tell me more about the first one'],
        ]);
        out.push({ kind, turns: [{ message: first }, ...follow.map((message) => ({ message }))] });
        break;
      }
      case 'selection-units': {
        const lb = Math.round(kg * 2.2);
        const inches = Math.round(reachMm / 25.4);
        out.push({
          kind,
          turns: [
            { message: pick([`robot to pick ${lb} lb ${thing} at ${inches} in reach`, `${lb} lbs payload, ${Math.round(inches / 12)} ft reach, ${app}`, `cobot for ${lb}lb parts, reach ${inches}"`]) },
            { message: pick([`what about ${lb + 5} lb?`, 'which is the lightest arm?', `and with a ${figure(Math.round(kg * 3) / 10, 'en')} kg gripper?`]) },
          ],
        });
        break;
      }
      case 'troubleshooting': {
        const entry = pick(errorCodeEntries);
        // Two in three codes are listed ones; the rest are codes a technician reads off a pendant that no table lists.
        const code = rnd() < 0.67 ? entry.code : `${String(1000 + ((n * 97) % 8999))}`;
        const who = entry.maker;
        const first = {
          en: pick([`My ${who} shows ${code} after a weekend shutdown`, `${who} controller alarm ${code}, what does it mean?`, `getting ${code} on our ${who} robot`, `${who} ${code} during the shift, how to fix?`]),
          de: `Unser ${who} zeigt den Fehler ${code} beim Einschalten`,
          es: `Mi ${who} se detiene con el código ${code}, ¿qué significa?`,
          fr: `Notre ${who} affiche l'alarme ${code}, que faire ?`,
        }[lang];
        const follow = pick([['what should I check first?'], ['it happens again after reset'], ['the battery was replaced last month'], []]);
        out.push({ kind, turns: [{ message: first }, ...follow.map((message) => ({ message }))] });
        break;
      }
      case 'model': {
        const m = pick(models);
        out.push({
          kind,
          turns: [
            { message: pick([`Tell me the payload of the ${m.maker} ${m.model}`, `what is the reach of ${m.model}?`, `Welche Traglast hat der ${m.maker} ${m.model}?`, `${m.model} specs`]) },
            { message: pick([`can it carry ${weight}?`, 'how much does it cost?', 'Show me alternatives', 'and its repeatability?']) },
          ],
        });
        break;
      }
      case 'comparison': {
        const a = pick(models);
        const b = pick(models);
        out.push({ kind, turns: [{ message: pick([`Compare ${a.model} vs ${b.model}`, `${a.maker} ${a.model} or ${b.maker} ${b.model}: which should I pick for ${weight}?`, `difference between ${a.model} and ${b.model}`]) }, { message: 'Which has the longest reach?' }] });
        break;
      }
      case 'roi': {
        const cost = 60 + ((n * 11) % 240);
        const people = 1 + (n % 3);
        const wage = 18 + (n % 17);
        out.push({ kind, turns: [{ message: `What is the payback of a $${cost},000 ${app} cell replacing ${people} operator${people > 1 ? 's' : ''} at $${wage}/hour on ${pick(['one', 'two', 'three'])} shift${people > 1 ? 's' : ''}?` }] });
        break;
      }
      case 'robot-page': {
        // The robot's id is filled in by the bench (context.robotModel names the model it must find).
        const m = pick(models);
        const context = { page: 'robot_detail', robotModel: m.model };
        out.push({
          kind,
          turns: [
            { message: pick([`Is this robot suitable for ${weight} parts at ${reachMm} mm?`, `can it do ${app} of ${weight} ${thing}?`, 'What payload can it carry?']), context },
            { message: pick(['Show me alternatives', 'is it IP67?', `what about ${figure(Math.round(kg * 15) / 10, 'en')} kg?`]), context },
          ],
        });
        break;
      }
      default:
        out.push({ kind, turns: [{ message: pick(['hello', 'hi, what can you do?', 'Hallo', 'hola', 'thanks!', 'who are you?']) }] });
    }
  }
  return out;
}
