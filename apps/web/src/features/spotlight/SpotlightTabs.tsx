import { Tabs } from '@mantine/core';
import type { SpotlightTag } from '@nursery/domain/events';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export type SpotlightTabValue = SpotlightTag | 'event-checker' | 'big-picture';

const TYPE_LABEL = {
  snapshot: 'spotlight-tab-snapshot',
  learningStory: 'spotlight-tab-learning-story',
} as const;

/**
 * The tab strip of spec 001 §2: Snapshot and Learning story (each only when the account has it),
 * Event Checker and Big Picture. The type tabs change the editor's type (disabled, other than the
 * current one, once an event exists); the other two are screens of their own under the same event.
 * On those screens a type tab goes back to the editor with that type.
 */
export function SpotlightTabs({
  eventID,
  types,
  value,
  onTypeChange,
  typeLocked,
}: {
  /** 'add' or the event's id. */
  eventID: string;
  types: readonly SpotlightTag[];
  value: SpotlightTabValue;
  /** On the editor: change the form's type; elsewhere absent (the tab navigates). */
  onTypeChange?: (tag: SpotlightTag) => void;
  typeLocked: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = `/spotlight/${eventID}`;
  const onChange = (next: string | null) => {
    if (next === null || next === value) return;
    if (next === 'event-checker' || next === 'big-picture') {
      navigate(`${base}/${next}`);
      return;
    }
    const tag = next as SpotlightTag;
    if (onTypeChange) onTypeChange(tag);
    else navigate(eventID === 'add' ? `${base}?type=${tag}` : base);
  };
  return (
    <Tabs value={value} onChange={onChange} variant="pills" radius="md" keepMounted={false}>
      <Tabs.List aria-label={t('spotlight-tabs')} data-qa="spotlight-tabs">
        {types.map((tag) => (
          <Tabs.Tab
            key={tag}
            value={tag}
            // On the editor the other type is locked once an event exists (spec 001 §2).
            disabled={onTypeChange !== undefined && typeLocked && tag !== value}
            data-qa={`spotlight-tab-${tag}`}
            fz="md"
            mih={44}
          >
            {t(TYPE_LABEL[tag])}
          </Tabs.Tab>
        ))}
        <Tabs.Tab value="event-checker" data-qa="spotlight-tab-event-checker" fz="md" mih={44}>
          {t('spotlight-tab-event-checker')}
        </Tabs.Tab>
        <Tabs.Tab value="big-picture" data-qa="spotlight-tab-big-picture" fz="md" mih={44}>
          {t('spotlight-tab-big-picture')}
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
