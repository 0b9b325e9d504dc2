/**
 * First checks for symptoms told without an alarm code ("my robot stops randomly", "Roboter
 * ruckelt", "el robot vibra"), in the language asked. The words are read in English, German and
 * Spanish; the typical codes named are verified entries of error-codes.json, and only the maker's
 * own are named when the technician names a maker.
 */
import type { AnswerLanguage } from './i18n';

interface SymptomText {
  /** "For <title>, start with these checks:" */
  title: string;
  checks: string[];
}

export interface Symptom {
  id: string;
  pattern: RegExp;
  text: Record<AnswerLanguage, SymptomText>;
  /** Verified codes typical of the symptom: [maker, code as written]. */
  codes: Array<[string, string]>;
  /** When no code fits the symptom: a closing line. */
  closing?: Record<AnswerLanguage, string>;
}

// Word starts and ends that also work for ä, ö, ü, ß, ñ, á... (\b only knows ASCII letters).
const B = '(?<![\\p{L}\\d])';
const E = '(?![\\p{L}])';
const words = (alternatives: string) => new RegExp(`${B}(?:${alternatives})`, 'iu');

export const symptoms: Symptom[] = [
  {
    id: 'collision',
    pattern: words(`collision|collided|crash(?:ed)?${E}|hit (?:a|the)${E}|bumped|kollision|kollidiert|zusammengesto[ßs]en|angefahren${E}|colisi[oó]n|colision[oó]|choc(?:ó|a|ado)${E}|golpe[óo]?${E}`),
    text: {
      en: {
        title: 'a collision stop',
        checks: ['Inspect the tool, arm, cables and fixtures for damage', 'Check that the payload (mass and centre of gravity) set in the controller matches the real tool and part', 'Resume at low speed and watch the point where it stopped'],
      },
      de: {
        title: 'einen Kollisionsstopp',
        checks: ['Werkzeug, Arm, Leitungen und Vorrichtungen auf Schäden prüfen', 'Prüfen, ob die in der Steuerung eingestellte Traglast (Masse und Schwerpunkt) zum tatsächlichen Werkzeug und Teil passt', 'Mit niedriger Geschwindigkeit fortsetzen und die Stelle beobachten, an der er gestoppt hat'],
      },
      es: {
        title: 'una parada por colisión',
        checks: ['Inspeccione la herramienta, el brazo, los cables y los utillajes en busca de daños', 'Compruebe que la carga (masa y centro de gravedad) configurada en el controlador coincide con la herramienta y la pieza reales', 'Reanude a baja velocidad y observe el punto donde se detuvo'],
      },
    },
    codes: [['FANUC', 'SRVO-050'], ['ABB', '50204'], ['Universal Robots', 'C157'], ['Yaskawa', '4315']],
  },
  {
    id: 'position',
    pattern: words(`battery|batteries|lost (?:its )?(?:position|mastering|calibration|zero|home)|mastering|rev(?:olution)? counters?|out of calibration|batterie|akku${E}|position verloren|justage|justierung|nullpunkt|umdrehungsz[äa]hler|bater[ií]as?${E}|perdi[oó] (?:la )?(?:posici[oó]n|calibraci[oó]n|referencia)|contador(?:es)? de revoluciones|descalibrad`),
    text: {
      en: {
        title: 'lost position data or a battery warning',
        checks: ["Check the encoder backup battery (on the arm or in the controller) and replace it following the maker's procedure", 'Check whether the arm was moved while the controller was off', 'Verify the position against the calibration marks and re-master or update the revolution counters if needed'],
      },
      de: {
        title: 'verlorene Positionsdaten oder eine Batteriewarnung',
        checks: ['Die Pufferbatterie der Encoder (am Arm oder in der Steuerung) prüfen und nach dem Verfahren des Herstellers tauschen', 'Prüfen, ob der Arm bei ausgeschalteter Steuerung bewegt wurde', 'Die Position an den Justiermarken prüfen und bei Bedarf neu justieren (Mastering) oder die Umdrehungszähler aktualisieren'],
      },
      es: {
        title: 'datos de posición perdidos o un aviso de batería',
        checks: ['Compruebe la batería de respaldo de los encoders (en el brazo o en el controlador) y cámbiela según el procedimiento del fabricante', 'Compruebe si el brazo se movió con el controlador apagado', 'Verifique la posición con las marcas de calibración y, si hace falta, vuelva a calibrar (mastering) o actualice los contadores de revoluciones'],
      },
    },
    codes: [['FANUC', 'SRVO-065'], ['FANUC', 'SRVO-062'], ['ABB', '38213'], ['ABB', '20032'], ['Yaskawa', '4312']],
  },
  {
    id: 'random-stops',
    pattern: words(
      `stops? (?:randomly|at random|suddenly|for no reason|intermittently|now and then|every now and then|sometimes)|keeps? stopping|random(?:ly)? stops?|intermittent(?:ly)? stop|` +
        `(?:bleibt|stoppt|h[äa]lt)(?: \\p{L}+)?(?: zuf[äa]llig| sporadisch| pl[öo]tzlich| immer wieder| ab und zu| ohne grund| manchmal)+|sporadische[nr]? (?:stopps?|stillst[äa]nde?|ausf[äa]lle?)|zuf[äa]llige[nr]? (?:stopps?|stillst[äa]nde?)|` +
        `se (?:para|detiene|queda parado)(?: \\p{L}+)?(?: de forma aleatoria| aleatoriamente| al azar| de repente| sin motivo| a veces| de vez en cuando| sin raz[óo]n)+|paradas? (?:aleatorias?|intermitentes?|inesperadas?|repentinas?)`,
    ),
    text: {
      en: {
        title: 'stops that come and go',
        checks: ['Read the alarm history right after a stop: the first alarm of the sequence names the cause (a protective or safety stop, a servo alarm, a program or I/O stop)', 'Check the safety circuit for intermittent opening: door switches, light curtains, area scanners, E-stop buttons and their cables and connectors', 'Check the supply: mains voltage dips, loose terminals and the controller fans and filters', 'Note the program line and the position at each stop: a stop at the same point points to the program, the payload or a limit there'],
      },
      de: {
        title: 'Stopps, die sporadisch auftreten',
        checks: ['Direkt nach einem Stopp die Alarmhistorie lesen: der erste Alarm der Folge nennt die Ursache (Schutz- oder Sicherheitsstopp, Servoalarm, Programm- oder E/A-Stopp)', 'Den Sicherheitskreis auf kurzzeitiges Öffnen prüfen: Türschalter, Lichtgitter, Laserscanner, NOT-HALT-Taster samt Leitungen und Steckern', 'Die Versorgung prüfen: Netzspannungseinbrüche, lose Klemmen sowie Lüfter und Filter der Steuerung', 'Bei jedem Stopp die Programmzeile und die Position notieren: ein Stopp immer an derselben Stelle weist auf das Programm, die Traglast oder eine Grenze dort hin'],
      },
      es: {
        title: 'paradas que aparecen y desaparecen',
        checks: ['Lea el historial de alarmas justo después de una parada: la primera alarma de la secuencia indica la causa (una parada de protección o de seguridad, una alarma de servo, una parada del programa o de E/S)', 'Compruebe si el circuito de seguridad se abre de forma intermitente: interruptores de puerta, cortinas de luz, escáneres de área, pulsadores de parada de emergencia y sus cables y conectores', 'Compruebe la alimentación: caídas de tensión de red, bornes flojos y los ventiladores y filtros del controlador', 'Anote la línea del programa y la posición en cada parada: si siempre se detiene en el mismo punto, la causa está en el programa, la carga o un límite en ese punto'],
      },
    },
    codes: [],
  },
  {
    id: 'no-motion',
    pattern: words(
      `won'?t (?:move|start|run|jog|power|turn on)|doesn'?t (?:move|start|run)|can'?t (?:move|jog|start)|no servo power|servo power|e-?stop|emergency stop|stuck${E}|` +
        `bewegt sich nicht|f[äa]hrt nicht|startet nicht|l[äa]uft nicht(?: mehr)? an|not-?halt|not-?aus|keine servo|steckt fest|` +
        `no se mueve|no arranca|no enciende|no responde|parada de emergencia|atascad[oa]`,
    ),
    text: {
      en: {
        title: 'a robot that will not move',
        checks: ['Release every E-stop in the cell and reset the safety circuit (doors, light curtains)', 'Check the operating mode and, in manual mode, that the enabling/deadman switch is held', 'Read the active alarm list on the pendant: the first alarm usually names the cause'],
      },
      de: {
        title: 'einen Roboter, der sich nicht bewegt',
        checks: ['Alle NOT-HALT-Taster der Zelle entriegeln und den Sicherheitskreis quittieren (Türen, Lichtgitter)', 'Die Betriebsart prüfen und im Handbetrieb, dass der Zustimmtaster gehalten wird', 'Die aktive Alarmliste am Bediengerät lesen: der erste Alarm nennt meist die Ursache'],
      },
      es: {
        title: 'un robot que no se mueve',
        checks: ['Desenclave todas las paradas de emergencia de la célula y rearme el circuito de seguridad (puertas, cortinas de luz)', 'Compruebe el modo de operación y, en modo manual, que el pulsador de habilitación (hombre muerto) está presionado', 'Lea la lista de alarmas activas en la consola: la primera alarma suele indicar la causa'],
      },
    },
    codes: [['FANUC', 'SRVO-001'], ['FANUC', 'SRVO-002'], ['FANUC', 'SRVO-007'], ['ABB', '10013'], ['ABB', '20010'], ['KUKA', '"Active commands inhibited"']],
  },
  {
    id: 'vibration',
    pattern: words(
      `vibrat(?:es|ing|ion)|shak(?:es|ing)|jerky|jerks${E}|judder|oscillat|noise|noisy|grinding|` +
        `vibriert|vibration|ruckelt|ruckeln|ruckartig|zittert|schwingt|ger[äa]usch|brummt|quietscht|` +
        `vibra${E}|vibraci[oó]n|vibrando|tiembla|temblor|sacude|ruido|ruidos[oa]|a tirones|a saltos`,
    ),
    text: {
      en: {
        title: 'vibration or noise',
        checks: ['Check the robot base and riser bolts and the tool mounting', 'Check that payload settings match the real tool and part', 'Compare at lower speed: noise that follows one axis points to its gearbox or motor'],
      },
      de: {
        title: 'Vibrationen, Ruckeln oder Geräusche',
        checks: ['Die Schrauben von Roboterfuß und Sockel sowie die Werkzeugbefestigung prüfen', 'Prüfen, ob die Traglasteinstellungen zum tatsächlichen Werkzeug und Teil passen', 'Bei niedrigerer Geschwindigkeit vergleichen: ein Geräusch, das einer Achse folgt, weist auf deren Getriebe oder Motor hin'],
      },
      es: {
        title: 'vibraciones, tirones o ruido',
        checks: ['Compruebe los tornillos de la base y del pedestal del robot y la fijación de la herramienta', 'Compruebe que los ajustes de carga coinciden con la herramienta y la pieza reales', 'Compare a menor velocidad: un ruido que sigue a un eje apunta a su reductor o a su motor'],
      },
    },
    codes: [],
    closing: {
      en: "Ask the maker's service for a vibration or gearbox check if it gets worse.",
      de: 'Wird es schlimmer, beim Service des Herstellers eine Schwingungs- oder Getriebeprüfung anfragen.',
      es: 'Si empeora, pida al servicio técnico del fabricante una revisión de vibraciones o del reductor.',
    },
  },
  {
    id: 'heat',
    pattern: words(`overheat(?:s|ing)?|too hot|temperature|[üu]berhitz|zu hei[ßs]|temperatur|sobrecalienta|sobrecalentamiento|demasiado caliente|temperatura`),
    text: {
      en: { title: 'overheating', checks: ['Check the controller fans and filters', 'Check the duty cycle: long continuous moves at high acceleration heat motors', 'Check that the payload settings are right'] },
      de: { title: 'Überhitzung', checks: ['Lüfter und Filter der Steuerung prüfen', 'Die Einschaltdauer prüfen: lange Dauerbewegungen mit hoher Beschleunigung erwärmen die Motoren', 'Prüfen, ob die Traglasteinstellungen stimmen'] },
      es: { title: 'sobrecalentamiento', checks: ['Compruebe los ventiladores y filtros del controlador', 'Compruebe el ciclo de trabajo: los movimientos largos y continuos con aceleración alta calientan los motores', 'Compruebe que los ajustes de carga son correctos'] },
    },
    codes: [['FANUC', 'SRVO-046']],
  },
  {
    id: 'limit',
    pattern: words(`singularit(?:y|ies)|limit${E}|out of reach|not reachable|unreachable|singularit[äa]t|endschalter|nicht erreichbar|au[ßs]erhalb (?:der )?reichweite|singularidad|l[ií]mite|fuera de(?:l)? alcance|inalcanzable|no alcanza`),
    text: {
      en: { title: 'a reach, limit or singularity stop', checks: ['Check the tool and user/work-object frames in use', 'Reteach the point away from joint limits', 'Use a joint move for segments near a wrist singularity'] },
      de: { title: 'einen Stopp an Reichweite, Grenze oder Singularität', checks: ['Die verwendeten Werkzeug- und Benutzer-/Werkobjekt-Koordinatensysteme prüfen', 'Den Punkt mit Abstand zu den Achsgrenzen neu teachen', 'Für Abschnitte nahe einer Handachsen-Singularität eine Achsbewegung (Joint) verwenden'] },
      es: { title: 'una parada por alcance, límite o singularidad', checks: ['Compruebe los sistemas de coordenadas de herramienta y de usuario/objeto de trabajo en uso', 'Vuelva a enseñar el punto lejos de los límites de los ejes', 'Use un movimiento articular (joint) en los tramos cerca de una singularidad de la muñeca'] },
    },
    codes: [['FANUC', 'MOTN-017'], ['FANUC', 'MOTN-018'], ['FANUC', 'MOTN-023'], ['ABB', '50050'], ['ABB', '50026'], ['Universal Robots', 'C154']],
  },
];

const typicalLead: Record<AnswerLanguage, string> = { en: 'Typical codes', de: 'Typische Codes', es: 'Códigos típicos' };
const lead: Record<AnswerLanguage, (title: string) => string> = {
  en: (t) => `For ${t}, start with these checks:`,
  de: (t) => `Bei ${t} zuerst diese Prüfungen:`,
  es: (t) => `Ante ${t}, empiece por estas comprobaciones:`,
};

/** The first symptom the message tells, if any. */
export function findSymptom(message: string): Symptom | undefined {
  return symptoms.find((s) => s.pattern.test(message));
}

/**
 * The answer lines for a symptom in a language: the checks and the typical codes, only the
 * named maker's when a maker is known (another maker's codes are no help to that technician).
 */
export function symptomLines(symptom: Symptom, lang: AnswerLanguage, maker?: string): string[] {
  const t = symptom.text[lang];
  const lines = [lead[lang](t.title), ...t.checks.map((c) => `- ${c}`)];
  const codes = maker ? symptom.codes.filter(([m]) => m === maker) : symptom.codes;
  const byMaker = new Map<string, string[]>();
  for (const [m, code] of codes) byMaker.set(m, [...(byMaker.get(m) ?? []), code]);
  if (byMaker.size) lines.push('', `${typicalLead[lang]}: ${[...byMaker].map(([m, list]) => `${m === 'Universal Robots' ? 'UR' : m} ${list.join(' / ')}`).join(', ')}.`);
  else if (symptom.closing) lines.push('', symptom.closing[lang]);
  return lines;
}
