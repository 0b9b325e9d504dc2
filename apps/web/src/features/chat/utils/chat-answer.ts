import type { ChatResponse, ChatRobotLink, ChatSource } from '@cellforge/contracts';
import { MAX_FOLLOW_UPS, MAX_SOURCES, MAX_SUGGESTED_ACTIONS } from '@cellforge/contracts/constants';


const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** At most this many robot links per answer (the API's MAX_ROBOT_LINKS). */
const MAX_LINKS = 12;

/** Robot links: only pages of this site (/robots/<id>) are linked. */
function robotLinks(value: unknown): ChatRobotLink[] {
  if (!Array.isArray(value)) return [];
  const list: ChatRobotLink[] = [];
  for (const item of value) {
    if (!isObject(item) || typeof item.text !== 'string' || !item.text.trim() || typeof item.href !== 'string') continue;
    if (!/^\/robots\/[\w-]+$/.test(item.href)) continue;
    list.push({ text: item.text, name: typeof item.name === 'string' ? item.name : item.text, href: item.href });
  }
  return list.slice(0, MAX_LINKS);
}

function texts(value: unknown, limit: number): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, limit);
}

function sources(value: unknown): ChatSource[] {
  if (!Array.isArray(value)) return [];
  const list: ChatSource[] = [];
  for (const item of value) {
    if (!isObject(item) || typeof item.manufacturer !== 'string' || !item.manufacturer.trim()) continue;
    list.push({
      manufacturer: item.manufacturer,
      ...(typeof item.title === 'string' && item.title ? { title: item.title } : {}),
      ...(typeof item.url === 'string' && item.url ? { url: item.url } : {}),
    });
  }
  return list.slice(0, MAX_SOURCES);
}

/**
 * Reads a POST /ai/chat answer (chatResponseSchema) by hand, so the chat chunk does not
 * load zod on the home page. Lists are cut to the display limits of docs/product.md §9
 * (3 follow-ups, 3 actions, 2 sources). Returns null when it is not a chat answer.
 */
export function readChatAnswer(body: unknown): ChatResponse | null {
  if (!isObject(body) || typeof body.success !== 'boolean') return null;
  const metadata = isObject(body.metadata) ? body.metadata : {};
  if (body.success && typeof body.response !== 'string') return null;
  return {
    success: body.success,
    response: typeof body.response === 'string' ? body.response : '',
    error: typeof body.error === 'string' && body.error.trim() ? body.error : null,
    user_authenticated: body.user_authenticated === true,
    robot_data_included: body.robot_data_included === true,
    timestamp: typeof body.timestamp === 'string' ? body.timestamp : new Date().toISOString(),
    metadata: {
      followUpQuestions: texts(metadata.followUpQuestions, MAX_FOLLOW_UPS),
      suggestedActions: texts(metadata.suggestedActions, MAX_SUGGESTED_ACTIONS),
      sources: sources(metadata.sources),
      ...(typeof metadata.conversationState === 'string' && metadata.conversationState
        ? { conversationState: metadata.conversationState }
        : {}),
      ...(typeof metadata.userIntent === 'string' && metadata.userIntent ? { userIntent: metadata.userIntent } : {}),
      ...(robotLinks(metadata.robotLinks).length ? { robotLinks: robotLinks(metadata.robotLinks) } : {}),
      ...(typeof metadata.catalogHref === 'string' && /^\/catalog(\?[^\s]*)?$/.test(metadata.catalogHref) ? { catalogHref: metadata.catalogHref } : {}),
      ...(typeof metadata.compareHref === 'string' && /^\/compare\?ids=[\w-]+(,[\w-]+)+$/.test(metadata.compareHref) ? { compareHref: metadata.compareHref } : {}),
    },
  };
}
