import type { SpaceGroupRow, SpaceMessageRow, SpaceRow, SpaceUserRow } from '../../../db/rows';
import type { Group, Message, Space } from './schema';

const person = (u: SpaceUserRow) => ({ id: u.external_id, name: u.name ?? u.email ?? u.external_id, email: u.email });

export function presentGroup(g: SpaceGroupRow): Group {
  return {
    id: g.id,
    name: g.name,
    type: g.type,
    lastMessageAt: g.last_message_at ? g.last_message_at.toISOString() : null,
    createdAt: g.created_at.toISOString(),
    updatedAt: g.updated_at.toISOString(),
    conversations: [{ id: g.conversation_id }],
  };
}

export function presentSpace(
  space: SpaceRow,
  workspace: { id: string; name: string; organizationName: string; organizationId: string },
  members: Array<SpaceUserRow & { role: string }>,
  groups: SpaceGroupRow[],
): Space {
  return {
    id: space.id,
    name: space.name,
    description: space.description,
    status: space.status,
    createdAt: space.created_at.toISOString(),
    workspace,
    hosts: members.filter((m) => m.role === 'HOST').map((m) => ({ host: person(m) })),
    coHosts: members.filter((m) => m.role === 'CO_HOST').map((m) => ({ host: person(m) })),
    guests: members.filter((m) => m.role === 'GUEST').map((m) => ({ guest: person(m) })),
    spaceGroupConversation: groups.map(presentGroup),
  };
}

export function presentMessage(
  m: SpaceMessageRow & { user_external_id?: string | null; user_name?: string | null; user_photo?: string | null },
): Message {
  return {
    id: m.id,
    type: m.type,
    message: m.message,
    workflowUserId: m.user_external_id ?? null,
    content: m.content,
    sources: m.sources,
    sourcesMetadata: m.sources_metadata,
    thumbUp: m.thumb_up,
    thumbDown: m.thumb_down,
    user:
      m.type === 'USER' && m.user_external_id
        ? { id: m.user_external_id, name: m.user_name ?? null, photo: m.user_photo ?? null }
        : null,
    messageAIId: m.reply_to_id,
    languageId: m.language_id,
    groupId: m.group_id,
    createdAt: m.created_at.toISOString(),
  };
}
