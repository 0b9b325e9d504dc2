/**
 * Robot makers and their home countries (ISO 3166-1 alpha-2: where the maker has its
 * headquarters, as its own company pages state), the data behind robots.maker_country
 * (migration 0009) and the catalog's "made in" filter. `keys` are the maker's name as
 * robot rows spell it, folded to letters and digits (the first part of
 * robots.normalized_key), so "Stäubli" and "Staubli" are one maker. A maker not listed
 * has no known country (null): it never passes a country filter.
 */
export interface MakerCountry {
  name: string;
  country: string;
  keys: readonly string[];
}

export const makerCountries: readonly MakerCountry[] = [
  { name: 'FANUC', country: 'JP', keys: ['fanuc'] },
  { name: 'ABB', country: 'CH', keys: ['abb'] },
  { name: 'KUKA', country: 'DE', keys: ['kuka'] },
  { name: 'Yaskawa', country: 'JP', keys: ['yaskawa', 'yaskawamotoman', 'motoman'] },
  { name: 'Universal Robots', country: 'DK', keys: ['universalrobots'] },
  { name: 'Stäubli', country: 'CH', keys: ['staubli', 'staeubli'] },
  { name: 'Epson', country: 'JP', keys: ['epson'] },
  { name: 'Kawasaki', country: 'JP', keys: ['kawasaki', 'kawasakirobotics'] },
  { name: 'Denso', country: 'JP', keys: ['denso', 'densowave'] },
  { name: 'Nachi', country: 'JP', keys: ['nachi', 'nachifujikoshi'] },
  { name: 'Mitsubishi Electric', country: 'JP', keys: ['mitsubishielectric', 'mitsubishi'] },
  { name: 'Omron', country: 'JP', keys: ['omron', 'omronadept'] },
  { name: 'Comau', country: 'IT', keys: ['comau'] },
  { name: 'Doosan Robotics', country: 'KR', keys: ['doosanrobotics', 'doosan'] },
  { name: 'Techman Robot', country: 'TW', keys: ['techmanrobot', 'techman'] },
  { name: 'Franka Robotics', country: 'DE', keys: ['frankarobotics', 'frankaemika', 'franka'] },
  { name: 'Kinova', country: 'CA', keys: ['kinova'] },
  { name: 'Yamaha', country: 'JP', keys: ['yamaha', 'yamahamotor'] },
  { name: 'Hyundai Robotics', country: 'KR', keys: ['hyundairobotics', 'hyundai'] },
  { name: 'Hanwha Robotics', country: 'KR', keys: ['hanwharobotics', 'hanwha'] },
  { name: 'Estun', country: 'CN', keys: ['estun'] },
  { name: 'Efort', country: 'CN', keys: ['efort'] },
  { name: 'Siasun', country: 'CN', keys: ['siasun'] },
  { name: 'AUBO', country: 'CN', keys: ['aubo'] },
  { name: 'Dobot', country: 'CN', keys: ['dobot'] },
  { name: 'JAKA', country: 'CN', keys: ['jaka'] },
  { name: 'Elite Robots', country: 'CN', keys: ['eliterobots', 'eliterobot'] },
];

/** Country of a maker from its folded key (the first part of robots.normalized_key), or null. */
export function makerCountryOfKey(makerKey: string): string | null {
  return makerCountries.find((m) => m.keys.includes(makerKey))?.country ?? null;
}

/** English names of the countries above (the web's "Made in" filter and the chips). */
export const countryNames: Readonly<Record<string, string>> = {
  JP: 'Japan',
  CH: 'Switzerland',
  DE: 'Germany',
  DK: 'Denmark',
  IT: 'Italy',
  KR: 'South Korea',
  TW: 'Taiwan',
  CA: 'Canada',
  CN: 'China',
  US: 'United States',
  FR: 'France',
  SE: 'Sweden',
  AT: 'Austria',
};

/** Where a robot may be mounted (robots.mounting, migration 0009): the buyer-words parser's values. */
export const robotMountings = ['floor', 'ceiling', 'wall', 'angle'] as const;
export type RobotMounting = (typeof robotMountings)[number];

/** The IP code's two digits as one number (IP67 -> 67), as robots.ip_rating stores it; "IP67". */
export function ipLabel(rating: number): string {
  return `IP${String(rating).padStart(2, '0')}`;
}
