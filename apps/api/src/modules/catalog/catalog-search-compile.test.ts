import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { robotQuerySchema } from '@cellforge/contracts';
import { robots } from '@cellforge/db';
import { compilePlainSql, searchStatement } from './catalog.repository';
import { parseSearchTerms } from './search-terms';

/**
 * The search statement is compiled by compilePlainSql (issue 19, session 14), not by drizzle's
 * dialect: for every kind of buyer query (words short and long, typos, every filter, sort and
 * page, offers' prices and conditions, environment limits, preferred makers) it must be the
 * very text and parameters the dialect writes, so PostgreSQL and PGlite receive the same statement.
 */
const queries: Array<Record<string, string | number>> = [
  {},
  { page: 40 },
  { limit: 7, page: 3 },
  { sort: 'payload' },
  { sort: 'reach', limit: 50 },
  { sort: 'price', page: 5, limit: 5 },
  { category: 'scara,delta', sort: 'price' },
  { manufacturer: 'abb,fanuc', application: 'assembly' },
  { industry: 'automotive', category: 'articulated', sort: 'reach' },
  { q: 'fanuc m20' },
  { q: 'ur 10e' },
  { q: 'u' },
  { q: 'kuak kr 210' },
  { q: 'welding', category: 'articulated', application: 'welding', minPayload: 5, maxPayload: 50, page: 2, limit: 5 },
  { q: 'scara', manufacturer: 'epson', sort: 'price' },
  { q: 'a', excludeManufacturer: 'fanuc,abb' },
  { minPayload: 48, minReach: 2000, application: 'palletizing', limit: 5, page: 2 },
  { minReach: 1500, maxReach: 3000, sort: 'reach', limit: 50 },
  { industry: 'logistics', minPrice: 50000, maxPrice: 150000, sort: 'price' },
  { minAxes: 6, maxAxes: 6, category: 'collaborative' },
  { q: 'm-20%_' },
  { q: 'it\'s "quoted"', manufacturer: 'o"brien' },
  { minIp: 54, category: 'collaborative', sort: 'payload' },
  { foodGrade: 'true', cleanroom: 5 },
  { cleanroom: 'any', q: 'ur' },
  { mounting: 'wall,angle', minPayload: 5, maxRepeatability: 0.05 },
  { makerCountry: 'jp,de', minIp: 54, sort: 'price' },
  { condition: 'new,refurbished', sort: 'price' },
  { q: 'fanuc', condition: 'new', preferManufacturer: 'epson,denso' },
  { maxPrice: 40000, sort: 'price' },
  { q: 'fanuc', category: 'articulated', application: 'welding,arc-welding', industry: 'automotive', minPayload: 5 },
  { category: 'collaborative', application: 'assembly', minPayload: 3, maxPrice: 60000, condition: 'new' },
];

describe('the search statement compiled without the dialect', () => {
  const dialect = new PgDialect();
  it.each(queries.map((q) => [JSON.stringify(q), q] as const))('%s: the same text and parameters as the dialect', (_label, raw) => {
    const query = robotQuerySchema.parse(raw);
    const terms = parseSearchTerms(query.q);
    expect(terms).not.toBe('nothing');
    if (terms === 'nothing') return;
    const statement = searchStatement(query, terms);
    const expected = dialect.sqlToQuery(statement);
    const compiled = compilePlainSql(statement);
    expect(compiled).not.toBeNull();
    expect(compiled?.sql).toBe(expected.sql);
    expect(compiled?.params).toEqual(expected.params);
    expect(compiled?.params.length).toBeGreaterThan(0);
  });

  it('leaves to the dialect what it does not compile: a column, a table, a bound value', () => {
    expect(compilePlainSql(sql`select ${robots.id} from ${robots}`)).toBeNull();
    expect(compilePlainSql(sql`select 1 where ${sql.join([sql`${1} = ${'a'}`, sql.raw('true')], sql` and `)}`)).toEqual({ sql: 'select 1 where $1 = $2 and true', params: [1, 'a'] });
    expect(compilePlainSql(sql`select ${sql.identifier('we"ird')}, ${null}, ${true}`)).toEqual({ sql: 'select "we""ird", $1, $2', params: [null, true] });
  });
});
