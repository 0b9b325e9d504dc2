import { describe, expect, it } from 'vitest';
import { normalizeHeader, scoreHeader, suggestMappings } from './header-mapping';

describe('normalizeHeader', () => {
  it('folds case, accents, punctuation and bracketed units', () => {
    expect(normalizeHeader('  Max Payload (lbs) ')).toBe('max payload');
    expect(normalizeHeader('Modèle #')).toBe('modele no');
    expect(normalizeHeader('No. of axes')).toBe('no of axes');
    expect(normalizeHeader('Reach [in]')).toBe('reach');
    expect(normalizeHeader('payload_kg')).toBe('payload kg');
  });
});

describe('suggestMappings', () => {
  const cases: Array<[string, string]> = [
    ['Brand', 'manufacturer'], ['Maker', 'manufacturer'], ['OEM', 'manufacturer'], ['Mfr', 'manufacturer'], ['Mfr.', 'manufacturer'],
    ['Vendor', 'manufacturer'], ['Manufacturer', 'manufacturer'], ['Hersteller', 'manufacturer'], ['Manufaturer', 'manufacturer'],
    ['Model #', 'model'], ['Model No.', 'model'], ['Robot', 'model'], ['Type', 'model'], ['Part number', 'model'], ['Robot Model', 'model'],
    ['Max Payload (lbs)', 'payload_kg'], ['Payload', 'payload_kg'], ['Load capacity', 'payload_kg'], ['Handling capacity', 'payload_kg'],
    ['payload_kg', 'payload_kg'], ['Paylod', 'payload_kg'], ['Rated payload [kg]', 'payload_kg'],
    ['Reach (in)', 'reach_mm'], ['Reach (m)', 'reach_mm'], ['Max reach', 'reach_mm'], ['Working range', 'reach_mm'],
    ['Horizontal reach', 'reach_mm'], ['reach_mm', 'reach_mm'], ['Reichweite (mm)', 'reach_mm'],
    ['Axes', 'dof'], ['DOF', 'dof'], ['No. of axes', 'dof'], ['Degrees of freedom', 'dof'], ['Number of Axes', 'dof'],
    // Issue 14: every other robot field, in the words integrators' and suppliers' sheets use.
    ['Category', 'category'], ['Kategorie', 'category'], ['Price', 'price_usd'], ['List price (USD)', 'price_usd'], ['Notes', 'description'],
    ['Beschreibung', 'description'], ['Weight (kg)', 'weight_kg'], ['Gewicht', 'weight_kg'], ['Repeatability (mm)', 'repeatability_mm'],
    ['Wiederholgenauigkeit', 'repeatability_mm'], ['Applications', 'applications'], ['Anwendungen', 'applications'], ['Industries', 'industries'],
    ['Branche', 'industries'], ['Datasheet URL', 'datasheet_source'], ['Datenblatt', 'datasheet_source'],
    ['IP Rating', 'ip_rating'], ['IP', 'ip_rating'], ['Schutzart', 'ip_rating'], ['Ingress protection', 'ip_rating'], ['Grado de protección', 'ip_rating'],
    ['Clean room class', 'cleanroom_iso_class'], ['Cleanroom (ISO 14644-1)', 'cleanroom_iso_class'], ['Reinraumklasse', 'cleanroom_iso_class'],
    ['Sala limpia', 'cleanroom_iso_class'], ['Food grade (Y/N)', 'food_grade'], ['Lebensmitteltauglich', 'food_grade'], ['Grado alimenticio', 'food_grade'],
    ['Mounting', 'mounting'], ['Mounting position', 'mounting'], ['Einbaulage', 'mounting'], ['Montaje', 'mounting'],
    ['Max. speed [mm/s]', 'max_speed_mm_s'], ['TCP speed (m/s)', 'max_speed_mm_s'], ['Geschwindigkeit', 'max_speed_mm_s'], ['Velocidad máxima', 'max_speed_mm_s'],
    ['Country of origin', 'maker_country'], ['Made in', 'maker_country'], ['Herkunftsland', 'maker_country'], ['País de origen', 'maker_country'],
  ];
  it.each(cases)('%s -> %s', (header, target) => {
    expect(suggestMappings([header])[header]).toBe(target);
  });

  it.each(['Year', 'Column 7', 'Amount', 'Line', 'Hand', 'Footprint', ''])('%s matches nothing', (header) => {
    expect(suggestMappings([header])[header]).toBeNull();
  });

  it('maps a whole messy header row, each target once', () => {
    const columns = ['Mfr.', 'Model No.', 'Max Payload (lbs)', 'Reach [in]', 'No. of axes', 'Price (USD)', 'Notes'];
    expect(suggestMappings(columns)).toEqual({
      'Mfr.': 'manufacturer',
      'Model No.': 'model',
      'Max Payload (lbs)': 'payload_kg',
      'Reach [in]': 'reach_mm',
      'No. of axes': 'dof',
      'Price (USD)': 'price_usd',
      Notes: 'description',
    });
  });

  it('gives a target to the best column and leaves the weaker one unmapped', () => {
    const m = suggestMappings(['Type', 'Robot Model', 'Brand', 'Company']);
    // "Type" beside a model column is the robot's type: its category.
    expect(m).toEqual({ Type: 'category', 'Robot Model': 'model', Brand: 'manufacturer', Company: null });
  });

  it('keeps the left-most of two equally good columns', () => {
    expect(suggestMappings(['Payload', 'Payload (2)'])).toEqual({ Payload: 'payload_kg', 'Payload (2)': null });
  });

  it('scores exact synonyms above fuzzy ones', () => {
    expect(scoreHeader('Payload', 'payload_kg')).toBe(1);
    expect(scoreHeader('Paylod', 'payload_kg')).toBeGreaterThan(0.5);
    expect(scoreHeader('Paylod', 'payload_kg')).toBeLessThan(1);
    expect(scoreHeader('Payload', 'reach_mm')).toBeLessThan(0.5);
  });
});
