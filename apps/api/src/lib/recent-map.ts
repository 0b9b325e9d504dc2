/**
 * Puts `key` last in a Map used as a bounded most-recently-used cache (a Map keeps insertion
 * order): the entry is moved to the end, and when the map is full the least recently used
 * entry (the first) is dropped to make room.
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
