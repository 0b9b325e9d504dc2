import type { RequirementApplication, RequirementCurrency, RequirementMounting, RequirementRobotType } from '@cellforge/contracts';

/**
 * The words the parser knows, in English, German and Spanish, written on folded text
 * (lower case, accents removed, ß -> ss). In a pattern, a space is one token boundary and
 * "~" is a boundary that may also be a hyphen ("ceiling~mounted" matches "ceiling mounted"
 * and "ceiling-mounted").
 */

/** Makers as the catalog spells them, with the names buyers type. */
export const builtInMakers: { name: string; country: string; aliases: string[] }[] = [
  { name: 'FANUC', country: 'JP', aliases: ['fanuc'] },
  { name: 'ABB', country: 'CH', aliases: ['abb'] },
  { name: 'KUKA', country: 'DE', aliases: ['kuka'] },
  { name: 'Yaskawa', country: 'JP', aliases: ['yaskawa', 'motoman', 'yaskawa motoman'] },
  { name: 'Universal Robots', country: 'DK', aliases: ['universal robots', 'universal robot', 'ur'] },
  { name: 'Stäubli', country: 'CH', aliases: ['staubli', 'staeubli'] },
  { name: 'Epson', country: 'JP', aliases: ['epson'] },
  { name: 'Kawasaki', country: 'JP', aliases: ['kawasaki', 'kawasaki robotics'] },
  { name: 'Denso', country: 'JP', aliases: ['denso', 'denso wave'] },
  { name: 'Nachi', country: 'JP', aliases: ['nachi', 'nachi~fujikoshi'] },
  { name: 'Mitsubishi Electric', country: 'JP', aliases: ['mitsubishi electric', 'mitsubishi', 'melfa'] },
  { name: 'Omron', country: 'JP', aliases: ['omron adept', 'omron', 'adept'] },
  { name: 'Comau', country: 'IT', aliases: ['comau'] },
  { name: 'Doosan Robotics', country: 'KR', aliases: ['doosan robotics', 'doosan'] },
  { name: 'Techman Robot', country: 'TW', aliases: ['techman robot', 'techman'] },
  { name: 'Franka Robotics', country: 'DE', aliases: ['franka robotics', 'franka emika', 'franka'] },
  { name: 'Kinova', country: 'CA', aliases: ['kinova'] },
  { name: 'Yamaha', country: 'JP', aliases: ['yamaha'] },
  { name: 'Hyundai Robotics', country: 'KR', aliases: ['hyundai robotics', 'hyundai'] },
  { name: 'Hanwha Robotics', country: 'KR', aliases: ['hanwha robotics', 'hanwha'] },
  { name: 'Estun', country: 'CN', aliases: ['estun'] },
  { name: 'Efort', country: 'CN', aliases: ['efort'] },
  { name: 'Siasun', country: 'CN', aliases: ['siasun'] },
  { name: 'AUBO', country: 'CN', aliases: ['aubo'] },
  { name: 'Dobot', country: 'CN', aliases: ['dobot'] },
  { name: 'JAKA', country: 'CN', aliases: ['jaka'] },
  { name: 'Elite Robots', country: 'CN', aliases: ['elite robots', 'elite robot'] },
];

/** Home country of a maker the parser knows (ISO 3166-1 alpha-2), or undefined. */
export function makerCountry(name: string): string | undefined {
  const key = name.toLowerCase();
  return builtInMakers.find((m) => m.name.toLowerCase() === key)?.country;
}

/** Country words: nouns and adjectives in the three languages. */
export const countryWords: [string, string][] = [
  ['japan|japanese|japanisch\\w*|japones\\w*|japon', 'JP'],
  ['germany|german|deutsch\\w*|aleman\\w*|alemania', 'DE'],
  ['switzerland|swiss|schweiz\\w*|suiz\\w*', 'CH'],
  ['china|chinese|chinesisch\\w*|chin[oa]s?', 'CN'],
  ['(?:south )?korea|korean|koreanisch\\w*|corea(?:n[oa]s?)?', 'KR'],
  ['italy|italian|italienisch\\w*|italian[oa]s?|italia', 'IT'],
  ['denmark|danish|danisch\\w*|danes(?:a|es|as)?|dinamarca', 'DK'],
  ['usa|united states|american|us~made|amerikanisch\\w*|estadounidenses?|americanos?', 'US'],
  ['taiwan|taiwanese|taiwanesisch\\w*|taiwanes\\w*', 'TW'],
  ['france|french|franzosisch\\w*|frances(?:a|es|as)?|francia', 'FR'],
  ['sweden|swedish|schwedisch\\w*|suec\\w*', 'SE'],
  ['canada|canadian|kanadisch\\w*|canadienses?', 'CA'],
  ['austria|austrian|osterreich\\w*|austriac\\w*', 'AT'],
];

/** Robot types; palletizer also sets the palletizing application. */
export const typeWords: [string, RequirementRobotType][] = [
  ['palleti[sz]ers?|palettierer\\w*|paletizador(?:a|es|as)?', 'palletizer'],
  ['cobots?|co~bots?|collaborative(?: robots?)?|kollaborativ\\w*|colaborativ[oa]s?|mrk', 'cobot'],
  ['scaras?', 'scara'],
  ['delta\\w*|parallel (?:kinematic )?robots?|spider robots?', 'delta'],
  ['articulated(?: arms?| robots?)?|knickarm\\w*|articulad[oa]s?|gelenkarm\\w*', 'articulated'],
  ['gantry|gantries|cartesian(?: robots?)?|portal\\w*|linear robots?|cartesian[oa]s?|portico|linearroboter', 'gantry'],
];

/**
 * Type words as buyers mean to spell them: a word one edit (a letter added, dropped, changed or two
 * swapped) from one of these, with the same first letter, is read as that type ("cobbot", "scarra",
 * "colaborative", "paletizer"). Only these words are matched loosely, never makers or other words.
 */
export const typeSpellings: [string, RequirementRobotType][] = [
  ['cobot', 'cobot'], ['cobots', 'cobot'], ['collaborative', 'cobot'], ['kollaborativ', 'cobot'], ['kollaborativer', 'cobot'], ['kollaborativen', 'cobot'],
  ['colaborativo', 'cobot'], ['colaborativa', 'cobot'],
  ['scara', 'scara'], ['scaras', 'scara'],
  ['palletizer', 'palletizer'], ['palletiser', 'palletizer'], ['palletizers', 'palletizer'], ['palettierer', 'palletizer'], ['paletizador', 'palletizer'],
  ['articulated', 'articulated'], ['knickarmroboter', 'articulated'], ['articulado', 'articulated'],
  ['gantry', 'gantry'], ['cartesian', 'gantry'], ['cartesiano', 'gantry'], ['portalroboter', 'gantry'],
];

/** Applications, the specific ones first (arc welding before welding). */
export const applicationWords: [string, RequirementApplication][] = [
  ['arc~weld\\w*|(?:mig|mag|tig)~weld\\w*|lichtbogenschweiss\\w*|schutzgasschweiss\\w*|soldadura (?:por|de|al) arco', 'arc-welding'],
  ['spot~weld\\w*|punktschweiss\\w*|soldadura (?:por|de) puntos', 'spot-welding'],
  ['press~tending|press~loading|(?:loading|unloading|feeding)(?: and (?:loading|unloading))? (?:a |the )?press(?:es)?|pressenbeschickung|pressenverkettung|alimentacion de prensas?', 'press-tending'],
  ['machine~tending|machine~loading|tending|maschinenbeschickung|maschinen~beschickung|beschickung|carga y descarga de maquinas|carga de maquinas|atencion de maquinas|alimentacion de maquinas|cnc~(?:loading|tending)', 'machine-tending'],
  ['material~handling|materials handling|materialhandhabung|materialhandling|materialfluss|manipulacion de materiales?', 'material-handling'],
  ['pick(?:ing)?~(?:and|&|n)~plac(?:e|ing)|pick~place|pick y place', 'pick-and-place'],
  ['weld\\w*|\\w*schweiss\\w*|soldadura|soldar|soldador(?:a|es)?', 'welding'],
  ['paint\\w*|coating|lackier\\w*|pintura|pintar|pintado', 'painting'],
  ['pallet\\w*|palettier\\w*|paletten|paletiz\\w*|palets?', 'palletizing'],
  ['depalleti[sz]\\w*|depalettier\\w*|despaletiz\\w*', 'palletizing'],
  ['assembl\\w*|montage|ensambla\\w*|ensamblaje|montaje', 'assembly'],
  ['packag\\w*|packing|verpack\\w*|embalaje|empaquetado|empaque|envasado', 'packaging'],
  ['dispens\\w*|glue|gluing|adhesive|sealing|dosier\\w*|kleb\\w*|dispensado|adhesivo|sellado', 'dispensing'],
  ['inspect\\w*|quality control|prufung|pruefung|inspektion|qualitatskontrolle|inspeccion|control de calidad', 'inspection'],
  ['screw~?driv\\w*|screwing|verschraub\\w*|schraub\\w*|atornill\\w*', 'screwdriving'],
  ['deburr\\w*|entgrat\\w*|desbarbad\\w*', 'deburring'],
  ['polish\\w*|grinding|polier\\w*|schleif\\w*|pulido|lijado', 'polishing'],
  ['cutting|schneiden|corte', 'cutting'],
  ['lab|laboratory|labor|laboratorio', 'laboratory'],
  ['food handling', 'food-handling'],
];

export const mountingWords: [string, RequirementMounting][] = [
  ['montaje (?:en|al) (?:el )?(?:techo)|montad[oa] (?:en|al) (?:el )?techo', 'ceiling'],
  ['montaje (?:en|a) (?:la )?pared|montad[oa] (?:en|a) (?:la )?pared', 'wall'],
  ['montaje (?:en|al) (?:el )?(?:suelo|piso)|montad[oa] (?:en|al) (?:el )?(?:suelo|piso)', 'floor'],
  ['montaje (?:en|con) angulo|montad[oa] (?:en|con) angulo|montaje inclinado', 'angle'],
  ['ceiling(?:~mount\\w*)?|inverted(?:~mount\\w*)?|upside~down|deckenmontage|decke\\w*|uberkopf\\w*|techo|invertid[oa]', 'ceiling'],
  ['wall(?:~mount\\w*)?|wandmontage|wand\\w*|pared', 'wall'],
  ['floor(?:~mount\\w*)?|bodenmontage|boden\\w*|suelo|piso', 'floor'],
  ['(?:mounted )?at an angle|angled(?:~mount\\w*)?|angle~mount\\w*|tilted(?:~mount\\w*)?|schragmontage|schraeg\\w*|schrag\\w*|inclinad[oa]', 'angle'],
];

/** Comparator words: where they stand (before the figure, after it, or either) and what they bound. */
export type Bound = 'min' | 'max' | 'exact' | 'better';
export type Place = 'before' | 'after' | 'both';
export const comparatorWords: [string, Bound, Place][] = [
  ['(?:must|should|shall|may|can|does|do) not exceed|not? (?:to )?exceed(?:ing)?|not more than|no more than|not over|no (?:larger|bigger|heavier|longer|greater|higher|wider) than|a maximum of|maximum of|up to|less than|lower than|smaller than|shorter than|lighter than|cheaper than|under|below|beneath|within|<=|<|≤|nicht mehr als|bis zu|bis maximal|bis|weniger als|unterhalb|unter|kleiner als|leichter als|kurzer als|gunstiger als|nicht uber|innerhalb|no mas de|como mucho|hasta|menos de|inferior(?:es)? a|por debajo de|menor(?:es)? (?:de|que)|mas barato que|no superior a', 'max', 'before'],
  ['not less than|no less than|a minimum of|minimum of|(?:must|should|has to|needs to) exceed|more than|greater than|higher than|heavier than|longer than|larger than|bigger than|over|above|exceed(?:s|ing)?|beyond|>=|>|≥|nicht weniger als|mehr als|uber|oberhalb|grosser als|schwerer als|langer als|no menos de|mas de|superior(?:es)? a|mayor(?:es)? (?:de|que)', 'min', 'before'],
  ['better than|besser als|mejor que|faster than|schneller als|mas rapido que', 'better', 'before'],
  ['about|around|approx(?:imately)?|roughly|circa|ca|etwa|ungefahr|rund|aprox(?:imadamente)?|alrededor de|unos|unas|exactly|genau|exactamente', 'exact', 'before'],
  ['or (?:less|lower|below|smaller|lighter|shorter|under)|no more|not more|nicht mehr|no mas|oder weniger|o menos|o inferior', 'max', 'after'],
  ['or (?:more|greater|higher|above|heavier|longer|bigger)|no less|not less|nicht weniger|no menos|and (?:up|above|more)|plus|\\+|oder mehr|und mehr|o mas|o superior', 'min', 'after'],
  ['or better|or faster|oder besser|oder schneller|o mejor|o mas rapido', 'better', 'after'],
  ['max(?:imum)?|at (?:the )?most|tops|hochstens|hoechstens|maximal|como maximo|maximo|maxima', 'max', 'both'],
  ['min(?:imum)?|at least|mindestens|minimal|wenigstens|como minimo|minimo|minima|al menos|por lo menos', 'min', 'both'],
];

export type Field = 'payload' | 'reach' | 'repeatability' | 'cycle' | 'robotWeight' | 'budget' | 'axes';

/** Words naming a figure: which figure a mass or a length is. */
export const fieldWords: [string, Field][] = [
  ['repeatab\\w*|repeat accuracy|accuracy|accurate|precision|precise|wiederholgenauigkeit|wiederholbarkeit|genauigkeit|prazision|repetibilidad|precision|exactitud|±|\\+/-|\\+-', 'repeatability'],
  ['reach(?:es|ing)?|working range|work range|range|radius|working radius|travel|span|stroke|envelope|arm length|reichweite|arbeitsbereich|radio|alcance|alcanzar', 'reach'],
  ['payloads?|pay load|loads?|carry(?:ing)?|carries|lift(?:s|ing)?|handles?|parts?|pieces?|box(?:es)?|cartons?|bags?|sacks?|castings?|tools?|torch|grippers?|end~effectors?|eoat|workpieces?|traglast|nutzlast|last|tragen|heben|teile|bauteile|gussteile|kartons|kisten|sacke|carga(?: util)?|levantar|cargar|piezas?|cajas?|sacos?|herramienta', 'payload'],
  ['budget|price|cost(?:s)?|spend|afford|preis|kosten|presupuesto|precio|coste|costo|cuesta', 'budget'],
  ['axis|axes|dof|achsen|achse|ejes|eje', 'axes'],
  ['cycle(?: time)?|takt(?:zeit)?|zykluszeit|tiempo de ciclo|ciclo', 'cycle'],
];

/** Words that make a mass the robot's own weight: a robot word near a weigh word, or one of these. */
export const robotWeightWords = 'eigengewicht|robotergewicht|self~weight|own weight|robot mass|peso propio|armgewicht';
export const robotWords = new Set(['robot', 'robots', 'roboter', 'arm', 'cobot', 'robotarm', 'manipulator', 'itself', 'robotico']);
export const weighWords = new Set(['weigh', 'weighs', 'weight', 'weighing', 'mass', 'gewicht', 'wiegen', 'wiegt', 'peso', 'pesar', 'pese', 'pesa']);
export const partWords = new Set(['part', 'parts', 'piece', 'pieces', 'box', 'boxes', 'teil', 'teile', 'pieza', 'piezas', 'caja', 'cajas', 'bauteile', 'sack', 'sacks', 'bag', 'bags', 'castings']);

export const negationWords =
  "no|not|non|without|except|excepting|excluding|exclude|avoid|avoiding|nothing(?: from)?|none of|neither|nor|never|anything but|but not|other than|rather than|don't|dont|do not|does not|doesn't|kein|keine|keinen|keiner|keinesfalls|nicht|ohne|ausser|ausgenommen|bloss nicht|sin|ni|excepto|salvo|menos|nada de|nada|ningun|ninguna|ninguno|evitar|evita|jamas";
export const includeWords = 'only|just|prefer|preferably|preferred|ideally|nur|bevorzugt|vorzugsweise|ausschliesslich|solo|solamente|unicamente|preferiblemente|prefiero';
export const postNegationWords =
  '(?:is |are |ist |sind |es |son )?(?:out|excluded|not an option|not wanted|not welcome|a no~go|no~go|ausgeschlossen|nicht erwunscht|kommt nicht in frage|descartad[oa]s?|excluid[oa]s?|fuera)';
export const additiveWords = new Set(['also', 'too', 'additionally', 'auch', 'ebenfalls', 'zusatzlich', 'tambien', 'ademas']);

/** Words skipped between a negation and what it negates ("no robots from FANUC"). */
export const fillerWords = new Set(
  (
    'a an the any of from by made in me us please robots robot arms arm brands brand makers maker manufacturers manufacturer vendors vendor suppliers ones one show want like need use see give buy offer suggest recommend ' +
    'von vom der die das den dem ein eine einen bitte roboter hersteller marke marken aus wir ich mochten wollen will ' +
    'de del la el los las un una robots marca marcas fabricante fabricantes por favor quiero queremos necesito'
  ).split(' '),
);
export const conjunctionWords = new Set(['and', 'or', 'nor', '&', ',', 'und', 'oder', 'noch', 'sowie', 'y', 'o', 'e', 'u', 'ni', '/', 'plus']);
export const clauseBreaks = new Set([';', '.', '!', '?', 'but', 'aber', 'pero', 'sino', 'however', 'jedoch']);

export type Dim = 'mass' | 'length' | 'time' | 'money' | 'rate' | 'axes';
export interface Unit {
  dim: Dim;
  factor: number;
  currency?: RequirementCurrency;
}

/** Units after a figure, keyed by the folded token. */
export const units = new Map<string, Unit>([
  ...(['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramm', 'kilogramos', 'kilogramo'] as const).map((u): [string, Unit] => [u, { dim: 'mass', factor: 1 }]),
  ...(['g', 'gr', 'gram', 'grams', 'gramm', 'gramos', 'gramo'] as const).map((u): [string, Unit] => [u, { dim: 'mass', factor: 0.001 }]),
  ...(['t', 'ton', 'tons', 'tonne', 'tonnes', 'tonnen', 'tonelada', 'toneladas'] as const).map((u): [string, Unit] => [u, { dim: 'mass', factor: 1000 }]),
  ...(['lb', 'lbs', 'pound', 'pounds', 'pfund', 'libra', 'libras'] as const).map((u): [string, Unit] => [u, { dim: 'mass', factor: 0.45359237 }]),
  ...(['oz', 'ounce', 'ounces', 'unzen', 'onza', 'onzas'] as const).map((u): [string, Unit] => [u, { dim: 'mass', factor: 0.028349523125 }]),
  ...(['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres', 'millimetern', 'milimetro', 'milimetros'] as const).map((u): [string, Unit] => [u, { dim: 'length', factor: 1 }]),
  ...(['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres', 'zentimeter', 'centimetro', 'centimetros'] as const).map((u): [string, Unit] => [u, { dim: 'length', factor: 10 }]),
  ...(['m', 'meter', 'meters', 'metre', 'metres', 'metern', 'metro', 'metros'] as const).map((u): [string, Unit] => [u, { dim: 'length', factor: 1000 }]),
  ...(['in', 'inch', 'inches', '"', '”', '″', 'zoll', 'pulgada', 'pulgadas'] as const).map((u): [string, Unit] => [u, { dim: 'length', factor: 25.4 }]),
  ...(['ft', 'foot', 'feet', 'fuss', 'pie', 'pies'] as const).map((u): [string, Unit] => [u, { dim: 'length', factor: 304.8 }]),
  ...(['μm', 'um', 'micron', 'microns', 'micrometer', 'micrometers', 'mikrometer', 'micra', 'micras'] as const).map((u): [string, Unit] => [u, { dim: 'length', factor: 0.001 }]),
  ...(['s', 'sec', 'secs', 'second', 'seconds', 'sek', 'sekunde', 'sekunden', 'seg', 'segundo', 'segundos'] as const).map((u): [string, Unit] => [u, { dim: 'time', factor: 1 }]),
  ...(['ms', 'millisecond', 'milliseconds', 'millisekunden', 'milisegundos'] as const).map((u): [string, Unit] => [u, { dim: 'time', factor: 0.001 }]),
  ...(['usd', 'dollar', 'dollars', 'dolar', 'dolares', '$'] as const).map((u): [string, Unit] => [u, { dim: 'money', factor: 1, currency: 'USD' }]),
  ...(['eur', 'euro', 'euros', '€'] as const).map((u): [string, Unit] => [u, { dim: 'money', factor: 1, currency: 'EUR' }]),
  ...(['gbp', '£', 'sterling'] as const).map((u): [string, Unit] => [u, { dim: 'money', factor: 1, currency: 'GBP' }]),
  ...(['chf', 'franken', 'francs'] as const).map((u): [string, Unit] => [u, { dim: 'money', factor: 1, currency: 'CHF' }]),
  ...(['jpy', 'yen', '¥'] as const).map((u): [string, Unit] => [u, { dim: 'money', factor: 1, currency: 'JPY' }]),
  ...(['cny', 'rmb', 'yuan'] as const).map((u): [string, Unit] => [u, { dim: 'money', factor: 1, currency: 'CNY' }]),
]);

export const currencySymbols = new Map<string, RequirementCurrency>([
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['usd', 'USD'],
  ['eur', 'EUR'],
  ['gbp', 'GBP'],
  ['chf', 'CHF'],
]);

export const multipliers = new Map<string, number>([
  ['k', 1000],
  ['thousand', 1000],
  ['grand', 1000],
  ['tausend', 1000],
  ['mil', 1000],
  ['million', 1e6],
  ['millions', 1e6],
  ['millionen', 1e6],
  ['mio', 1e6],
  ['millon', 1e6],
  ['millones', 1e6],
]);

/** Fractions written as words before a unit: "half a ton", "a quarter ton", "eine halbe Tonne", "media tonelada". */
export const fractionWords = new Map<string, number>([
  ['half', 0.5], ['halb', 0.5], ['halbe', 0.5], ['halben', 0.5], ['halbes', 0.5], ['media', 0.5], ['medio', 0.5],
  ['quarter', 0.25], ['viertel', 0.25], ['cuarto', 0.25],
]);
/** Words allowed between a fraction and its unit ("half of a ton", "un cuarto de tonelada"). */
export const fractionLinks = new Set(['a', 'an', 'of', 'de', 'una', 'un', 'eine', 'einer']);

/** Words counted in a rate ("30 picks per minute"). */
export const rateCountWords = new Set([
  'picks', 'pick', 'parts', 'part', 'pieces', 'piece', 'cycles', 'cycle', 'units', 'boxes', 'items', 'bags', 'cartons', 'placements', 'products', 'trays',
  'teile', 'takte', 'stuck', 'stueck', 'zyklen', 'kartons', 'piezas', 'ciclos', 'unidades', 'cajas', 'productos',
]);
export const perMinute = 'per minute|per min|a minute|each minute|every minute|/ min(?:ute)?|/ mins|pro minute|pro min|je minute|por minuto|por min|al minuto|/ minuto';
export const perHour = 'per hour|an hour|each hour|/ h|/ hr|/ hour|pro stunde|/ std|je stunde|por hora|a la hora|/ hora';
export const rateUnitsPerMinute = new Set(['ppm', 'cpm', 'bpm', 'picks/min']);
export const rateUnitsPerHour = new Set(['pph', 'uph', 'cph']);

export const axisWords = new Set(['axis', 'axes', 'axle', 'dof', 'achsen', 'achse', 'achs', 'achser', 'ejes', 'eje']);
export const numberWords = new Map<string, number>([
  ['one', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5], ['six', 6], ['seven', 7], ['eight', 8], ['nine', 9], ['ten', 10],
  ['zwei', 2], ['drei', 3], ['vier', 4], ['funf', 5], ['fuenf', 5], ['sechs', 6], ['sieben', 7], ['acht', 8], ['neun', 9], ['zehn', 10],
  ['dos', 2], ['tres', 3], ['cuatro', 4], ['cinco', 5], ['seis', 6], ['siete', 7], ['ocho', 8], ['nueve', 9], ['diez', 10],
]);

/** Words that tell the language; the score also counts letters (ä ö ü ß; ñ á é í ó ú ¿ ¡). */
export const germanWords = new Set(
  'und mit fur der die das dem den des ein eine einen einer kein keine keinen nicht nur von vom bis zu zum zur mindestens hochstens zwischen uber unter ohne ausser wir suchen bitte oder soll sollte gerne auch eigentlich im pro als weniger mehr ca wiegen wiegt sind ist brauchen benotigen roboter teile ich unser unsere unserer unserem unseren welche welcher welches meldet zeigt bedeutet bedeuten heisst hilfe hallo kannst konnen koennen warum wieso wie gibt'.split(' '),
);
export const germanStems = /traglast|nutzlast|reichweite|achs|montage|gewicht|roboter|hersteller|schweiss|palettier|lackier|beschickung|wiederhol|taktzeit|reinraum|lebensmittel|geschutzt|abwaschbar|knickarm|sacke|kartons|bauteil|gussteil|verpack|prufung|handhabung|sekunden|klebstoff|dosier|fehler|storung|meldung/;
export const spanishWords = new Set(
  'de del la el los las con para sin y o un una al en por que mas menos como hasta entre ni nada solo quiero busco necesito tipo debe ser es son tambien muy pero significa ayuda hola puedes puede'.split(' '),
);
export const spanishStems = /soldad|paletiz|carga|alcance|ejes|fabricante|pintura|ensambl|embalaje|dispensado|inspeccion|manipulacion|piezas|cajas|sacos|presupuesto|repetibilidad|ciclo|segundos|pesar|alimenticio|limpia|explosiones|lavado|techo|pared|suelo|montado|maquinas|cartesiano|portico|colaborativo|levantar|metros|chinos|resistente|articulado|japones|aleman|suizo|alarma|averia|codigo/;
export const englishWords = new Set(
  'the and with for of at least only under between need needs want is are we i must should please axis axes or not from than more less reach payload that can it has have to be weight weigh weighs parts boxes about around'.split(' '),
);

/** Words left out of freeText: function words and words that only talk about the request. */
export const stopWords = new Set(
  (
    'a an the and or nor of for to in on at by with from as is are be been am was were it its this that these those there here i we you my our your me us ' +
    'need needs needed want wants wanted looking look search searching find like would could should must can will shall may please thanks thank hi hello hey ' +
    'robot robots arm arms machine unit units system one ones some any all so also too just really very actually make it sure ok okay well then have has had do does did ' +
    'what which who how where when why get got use used using show give tell about around approx each per total ' +
    'und oder mit fur der die das dem den des ein eine einen einer ist sind wir ich sie es zu zum zur im in von vom auf bei bitte auch noch soll sollte brauchen suchen gerne eigentlich mochten roboter ' +
    'de del la el los las un una unos unas y o con para por en al que es son se lo le su sus mi yo nos necesito busco quiero tambien muy robot'
  ).split(' '),
);
