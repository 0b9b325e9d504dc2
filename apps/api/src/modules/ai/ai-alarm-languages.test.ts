import { describe, expect, it } from 'vitest';
import { testBackends } from '../../test/create-test-app';
import { useChatApp } from './chat-test-kit';

/**
 * Issue 12, troubleshooting (written from the maintenance technician's side before changing the
 * advisor): a Denso code as the pendant shows it (hexadecimal, "84A7") is read under Denso; a
 * German or Spanish technician gets the alarm's meaning, causes and checks in their language, not
 * only the headings; a symptom told without a code ("stops randomly", "ruckelt", "vibra") gets
 * first checks in the language asked, with only the named maker's typical codes.
 */

const OTHER_MAKERS = (maker: string) =>
  new RegExp(['FANUC', 'ABB', 'KUKA', 'Yaskawa', 'Universal Robots', 'UR', 'Kawasaki', 'Epson', 'Denso', 'St[aä]ubli', 'Omron'].filter((m) => m !== maker).map((m) => `\\b${m}\\b`).join('|'));
const ENGLISH_BODY = /\b(the|and|check|causes?|replace|robot is)\b/i;

describe.each(testBackends)('alarms and symptoms in the technician\'s language on %s', (backend) => {
  const { chat } = useChatApp(backend);

  it('reads a Denso code shown in hexadecimal and says it is unknown for Denso, in the language asked', async () => {
    const en = await chat({ message: 'Denso RC8 error 84A7 on start-up' });
    expect(en.metadata.userIntent).toBe('troubleshooting');
    expect(en.response).toMatch(/84A7 is not a Denso alarm code in our verified list/);
    expect(en.response).not.toMatch(OTHER_MAKERS('Denso'));
    expect(en.metadata.sources.map((s) => s.manufacturer)).toEqual(['Denso']);

    const de = await chat({ message: 'Unsere Cobotta zeigt den Fehler 607D beim Einschalten' });
    expect(de.metadata.userIntent).toBe('troubleshooting');
    expect(de.response).toMatch(/607D ist kein Denso-Alarmcode/);

    // "0x6411" is the Denso 6411 of the maker's list.
    const known = await chat({ message: 'DENSO RC7M error 0x6411 after replacing the batteries' });
    expect(known.response).toMatch(/J1 encoder system down failure/);
  });

  it('gives a German technician the meaning, causes and checks in German, codes and parameter names unchanged', async () => {
    const a = await chat({ message: 'Unser FANUC zeigt SRVO-062 BZAL nach dem Wochenende, was tun?' });
    expect(a.metadata.userIntent).toBe('troubleshooting');
    expect(a.response).toMatch(/SRVO-062/);
    expect(a.response).toMatch(/Batterie/);
    expect(a.response).toMatch(/Wahrscheinliche Ursachen:\n- \S/);
    // The explanation is German: the lines under the headings carry no English sentences.
    const body = a.response.split('\n').filter((l) => l.startsWith('- ')).join('\n');
    expect(body).not.toMatch(ENGLISH_BODY);
    expect(a.response).toMatch(/Wortlaut des Herstellers/);
    expect(a.response).not.toMatch(OTHER_MAKERS('FANUC'));
  });

  it('gives a Spanish technician a Universal Robots protective stop and a KUKA message in Spanish', async () => {
    const ur = await chat({ message: 'Mi UR10e se detiene con el código C153A1, ¿qué significa?' });
    expect(ur.response).toMatch(/C153/);
    expect(ur.response).toMatch(/Causas probables:\n- \S/);
    expect(ur.response.split('\n').filter((l) => l.startsWith('- ')).join('\n')).not.toMatch(ENGLISH_BODY);

    const kuka = await chat({ message: "La KR C4 muestra 'Software limit switch -A1', ¿qué hago?" });
    expect(kuka.response).toMatch(/KUKA/);
    expect(kuka.response).toMatch(/Software limit switch/);
    expect(kuka.response).toMatch(/final de carrera|límite/i);
    expect(kuka.response).not.toMatch(OTHER_MAKERS('KUKA'));
  });

  it('answers a symptom without a code with first checks in the language asked', async () => {
    const en = await chat({ message: 'my robot stops randomly during the shift' });
    expect(en.metadata.userIntent).toBe('troubleshooting');
    expect(en.response).toMatch(/alarm history/);
    expect(en.response).toMatch(/safety circuit/);

    const de = await chat({ message: 'Unser Roboter ruckelt bei schnellen Bewegungen' });
    expect(de.metadata.userIntent).toBe('troubleshooting');
    expect(de.response).toMatch(/Getriebe/);
    expect(de.response).toMatch(/Welcher Fehlercode/);
    expect(de.response).not.toMatch(/start with these checks|What error code/);

    const es = await chat({ message: 'el robot vibra mucho cuando va rápido' });
    expect(es.metadata.userIntent).toBe('troubleshooting');
    expect(es.response).toMatch(/reductor/);
    expect(es.response).not.toMatch(/start with these checks|What error code/);

    const stops = await chat({ message: 'Mi robot ABB se para de forma aleatoria' });
    expect(stops.metadata.userIntent).toBe('troubleshooting');
    expect(stops.response).toMatch(/historial de alarmas/);

    const bleibt = await chat({ message: 'Der Roboter bleibt sporadisch stehen, ohne Alarm' });
    expect(bleibt.metadata.userIntent).toBe('troubleshooting');
    expect(bleibt.response).toMatch(/Sicherheitskreis/);
  });

  it('names only the named maker\'s typical codes for a symptom', async () => {
    const a = await chat({ message: 'Our KUKA had a collision with the fixture, what should I check?' });
    expect(a.metadata.userIntent).toBe('troubleshooting');
    expect(a.response).not.toMatch(/SRVO|50204|C157|4315/);
    const b = await chat({ message: 'My FANUC lost its mastering after the battery died' });
    expect(b.response).toMatch(/SRVO-065/);
    expect(b.response).not.toMatch(/38213|4312/);
  });
});
