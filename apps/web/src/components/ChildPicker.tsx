import { Button, Group, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { ageLabel, namesakeIDs, type PhotoConsent } from '@nursery/domain/children';
import { formatDate, todayInZone } from '@nursery/domain/common';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { now } from '../lib/clock';
import { ChildAvatar } from './ChildAvatar';
import classes from './ChildPicker.module.css';
import { CheckIcon, CloseIcon } from './icons';
import personRows from './PersonRows.module.css';

export interface PickableChild {
  id: number;
  forename: string;
  surname: string;
  /** Date of birth ('YYYY-MM-DD'): the age on the tile, and what tells namesakes apart. */
  dob?: string;
  roomID?: number | null;
  hasImage?: boolean;
  photoConsent?: PhotoConsent;
}

export interface PickerRoom {
  id: number;
  name: string;
}

interface ChildPickerProps {
  options: readonly PickableChild[];
  /** The user's key children: listed first. */
  keyChildIDs: readonly number[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  /** 120 for most events, 1 for assessments (spec 000 §9). */
  max: number;
  disabled?: boolean;
  error?: string | null;
  label: string;
  /** The site's rooms: the room on each tile and the room filter. */
  rooms?: readonly PickerRoom[];
  /** The address of a child's photo (features/children childPhotoUrl); initials without it. */
  photoUrl?: (childID: number) => string;
  /** The label's heading level: 2 on a screen with no section heading above the picker (axe heading-order). */
  headingLevel?: 2 | 3;
}

const fullName = (c: PickableChild) => `${c.forename} ${c.surname}`;
const ALL_ROOMS = 'all';

/** Where focus goes from `from` for an arrow key: the nearest tile in the next row up or down. */
function tileInRow(tiles: HTMLElement[], from: HTMLElement, down: boolean): HTMLElement | undefined {
  const r = from.getBoundingClientRect();
  const centre = r.left + r.width / 2;
  const candidates = tiles
    .map((el) => ({ el, box: el.getBoundingClientRect() }))
    .filter(({ box }) => (down ? box.top >= r.bottom - 2 : box.bottom <= r.top + 2));
  if (candidates.length === 0) return undefined;
  const rowTop = down
    ? Math.min(...candidates.map((c) => c.box.top))
    : Math.max(...candidates.map((c) => c.box.top));
  const row = candidates.filter((c) => Math.abs(c.box.top - rowTop) < 2);
  row.sort(
    (a, b) =>
      Math.abs(a.box.left + a.box.width / 2 - centre) - Math.abs(b.box.left + b.box.width / 2 - centre),
  );
  return row[0]?.el;
}

/**
 * Choose children from photo tiles (issue 13): photo or initials, name, age and room on each tile;
 * key children first, then everyone else by name; a search box and a room filter narrow both groups.
 * Children sharing a name also show their date of birth. The tiles are one listbox with a roving focus
 * (one Tab stop; arrow keys, Home and End move; Space or Enter chooses). With max 1 a choice replaces
 * the previous one. Chosen children show above as buttons that remove them.
 */
export function ChildPicker({
  options: children,
  keyChildIDs,
  selected,
  onChange,
  max,
  disabled = false,
  error,
  label,
  rooms = [],
  photoUrl,
  headingLevel = 3,
}: ChildPickerProps) {
  const { t } = useTranslation();
  const uid = useId();
  const [search, setSearch] = useState('');
  const [room, setRoom] = useState<string>(ALL_ROOMS);
  const [activeId, setActiveId] = useState<number | null>(null);
  const tileRefs = useRef(new Map<number, HTMLElement>());
  const today = todayInZone(now());

  const byId = useMemo(() => new Map(children.map((c) => [c.id, c])), [children]);
  const keySet = useMemo(() => new Set(keyChildIDs), [keyChildIDs]);
  const namesakes = useMemo(() => namesakeIDs(children), [children]);
  const roomName = useMemo(() => new Map(rooms.map((r) => [r.id, r.name])), [rooms]);
  // Rooms that have children here, in the site's order.
  const roomOptions = useMemo(() => {
    const used = new Set(children.map((c) => c.roomID ?? null));
    return rooms.filter((r) => used.has(r.id));
  }, [children, rooms]);
  const roomFilter = room === ALL_ROOMS ? null : Number(room);

  const groups = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase('en-GB');
    const sorted = [...children]
      .filter((c) => needle === '' || fullName(c).toLocaleLowerCase('en-GB').includes(needle))
      .filter((c) => roomFilter === null || c.roomID === roomFilter)
      .sort((a, b) => fullName(a).localeCompare(fullName(b), 'en-GB') || a.id - b.id);
    return {
      key: sorted.filter((c) => keySet.has(c.id)),
      others: sorted.filter((c) => !keySet.has(c.id)),
    };
  }, [children, keySet, search, roomFilter]);
  const visible = useMemo(() => [...groups.key, ...groups.others], [groups]);

  const chosen = new Set(selected);
  const atMax = max > 1 && selected.length >= max;
  const toggle = (id: number) => {
    if (disabled) return;
    if (chosen.has(id)) onChange(selected.filter((x) => x !== id));
    else if (max === 1) onChange([id]);
    else if (!atMax) onChange([...selected, id]);
  };
  // The one tile in the Tab order: the last one focused while still shown, else the first.
  const tabStop = visible.some((c) => c.id === activeId) ? activeId : (visible[0]?.id ?? null);

  const moveTo = (id: number | undefined) => {
    if (id === undefined) return;
    setActiveId(id);
    tileRefs.current.get(id)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const current = tabStop;
    if (current === null) return;
    const index = visible.findIndex((c) => c.id === current);
    const tiles = visible.map((c) => tileRefs.current.get(c.id)).filter((el): el is HTMLElement => !!el);
    const from = tileRefs.current.get(current);
    const idOf = (el: HTMLElement | undefined) => (el ? Number(el.dataset.childId) : undefined);
    switch (e.key) {
      case 'ArrowRight':
        moveTo(visible[Math.min(index + 1, visible.length - 1)]?.id);
        break;
      case 'ArrowLeft':
        moveTo(visible[Math.max(index - 1, 0)]?.id);
        break;
      case 'ArrowDown':
        moveTo(from ? (idOf(tileInRow(tiles, from, true)) ?? current) : current);
        break;
      case 'ArrowUp':
        moveTo(from ? (idOf(tileInRow(tiles, from, false)) ?? current) : current);
        break;
      case 'Home':
        moveTo(visible[0]?.id);
        break;
      case 'End':
        moveTo(visible.at(-1)?.id);
        break;
      case ' ':
      case 'Enter':
        toggle(current);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const tile = (c: PickableChild) => {
    const isChosen = chosen.has(c.id);
    const blocked = !isChosen && atMax;
    const roomLabel = c.roomID != null ? roomName.get(c.roomID) : undefined;
    const age = c.dob ? ageLabel(c.dob, today) : undefined;
    const meta = [age, roomLabel].filter(Boolean).join(' · ');
    return (
      <div
        key={c.id}
        ref={(el) => {
          if (el) tileRefs.current.set(c.id, el);
          else tileRefs.current.delete(c.id);
        }}
        role="option"
        id={`${uid}-child-${c.id}`}
        aria-selected={isChosen}
        aria-disabled={blocked || undefined}
        tabIndex={c.id === tabStop ? 0 : -1}
        className={classes.tile}
        data-child-id={c.id}
        data-qa={`child-option-${c.id}`}
        onClick={() => {
          setActiveId(c.id);
          toggle(c.id);
        }}
        onFocus={() => setActiveId(c.id)}
        onKeyDown={onKeyDown}
      >
        <ChildAvatar child={c} photoUrl={photoUrl} />
        <span className={personRows.text}>
          <span className={personRows.name} data-qa="child-name">
            {fullName(c)}
          </span>
          {meta && (
            <span className={personRows.meta} data-qa="child-meta">
              {meta}
            </span>
          )}
          {namesakes.has(c.id) && c.dob && (
            <span className={classes.detail} data-qa="child-namesake-detail">
              {t('child-picker-born', { date: formatDate(c.dob) })}
            </span>
          )}
          {c.photoConsent === 'no' && (
            <span className={classes.noPhotos} data-qa="child-no-photos">
              {t('child-picker-no-photos')}
            </span>
          )}
        </span>
        <span className={classes.check} aria-hidden="true">
          {isChosen && <CheckIcon size={18} />}
        </span>
      </div>
    );
  };

  const group = (key: 'key' | 'others', list: PickableChild[]) => {
    const headingId = `${uid}-${key}`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: a listbox holds options and groups of options, not a fieldset
      <div role="group" aria-labelledby={headingId} className={classes.group}>
        <div id={headingId} className={classes.groupLabel}>
          {key === 'key' ? t('child-picker-key-children') : t('child-picker-other-children')}
        </div>
        <div className={classes.grid}>{list.map(tile)}</div>
      </div>
    );
  };

  const selectedName = (id: number) => {
    const c = byId.get(id);
    if (!c) return t('child-unknown', { id: String(id) });
    const roomLabel = c.roomID != null ? roomName.get(c.roomID) : undefined;
    return namesakes.has(id) && roomLabel ? `${fullName(c)} (${roomLabel})` : fullName(c);
  };
  const selectedRoomName = roomFilter !== null ? (roomName.get(roomFilter) ?? '') : '';

  return (
    <div className={classes.picker} data-qa="child-picker">
      <Group justify="space-between" align="baseline">
        <Text fw={600} component={headingLevel === 2 ? 'h2' : 'h3'} fz="md" m={0} id={`${uid}-label`}>
          {label}
        </Text>
        <Text fz="sm" c="dimmed" data-qa="child-picker-count" aria-live="polite">
          {t('child-picker-count', { count: selected.length, max: String(max) })}
        </Text>
      </Group>
      {selected.length > 0 && (
        <ul
          className={classes.chosen}
          aria-label={t('child-picker-selected')}
          data-qa="child-picker-selected"
        >
          {selected.map((id) => {
            const c = byId.get(id);
            const name = selectedName(id);
            const avatar = c ? <ChildAvatar child={c} photoUrl={photoUrl} small /> : null;
            return (
              <li key={id}>
                {disabled ? (
                  <span className={classes.chip} data-qa={`child-selected-${id}`}>
                    {avatar}
                    <span>{name}</span>
                  </span>
                ) : (
                  <UnstyledButton
                    className={classes.chip}
                    onClick={() => onChange(selected.filter((x) => x !== id))}
                    data-qa={`child-selected-${id}`}
                  >
                    {/* Named "Remove <name>" by hidden text, not aria-label: a photo-less avatar's
                        initials are visible text, which an aria-label must contain (WCAG 2.5.3). */}
                    <VisuallyHidden>{t('child-remove', { name })}</VisuallyHidden>
                    <span aria-hidden="true">{avatar}</span>
                    <span aria-hidden="true">{name}</span>
                    <CloseIcon size={16} aria-hidden="true" />
                  </UnstyledButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!disabled && (
        <div className={classes.panel}>
          <div className={classes.controls}>
            <TextInput
              className={classes.search}
              placeholder={t('child-search')}
              aria-label={t('child-search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown' && tabStop !== null) {
                  e.preventDefault();
                  moveTo(tabStop);
                }
              }}
              size="md"
              data-qa="child-search"
            />
            {roomOptions.length > 1 && (
              <fieldset className={classes.rooms} data-qa="child-room-filter">
                <VisuallyHidden component="legend">{t('child-picker-rooms')}</VisuallyHidden>
                {[{ id: ALL_ROOMS, name: t('child-picker-all-rooms') }, ...roomOptions].map((r) => {
                  const value = String(r.id);
                  const pressed = room === value;
                  return (
                    <Button
                      key={value}
                      variant={pressed ? 'filled' : 'default'}
                      aria-pressed={pressed}
                      onClick={() => setRoom(value)}
                      className={classes.roomButton}
                      data-qa={`child-room-${value}`}
                    >
                      {r.name}
                    </Button>
                  );
                })}
              </fieldset>
            )}
          </div>
          {atMax && (
            <Text fz="sm" c="dimmed" data-qa="child-picker-max">
              {t('child-picker-max-reached')}
            </Text>
          )}
          {visible.length > 0 ? (
            <div
              role="listbox"
              aria-multiselectable={max > 1}
              aria-labelledby={`${uid}-label`}
              aria-describedby={`${uid}-keys`}
              className={classes.list}
              data-qa="child-list"
            >
              {groups.key.length > 0 && groups.others.length > 0 ? (
                <>
                  {group('key', groups.key)}
                  {group('others', groups.others)}
                </>
              ) : groups.key.length > 0 ? (
                group('key', groups.key)
              ) : (
                <div className={classes.grid}>{groups.others.map(tile)}</div>
              )}
            </div>
          ) : (
            <Text c="dimmed" fz="sm" p="xs" data-qa="child-picker-none">
              {roomFilter !== null
                ? t('child-picker-none-in-room', { room: selectedRoomName })
                : t('child-picker-none')}
            </Text>
          )}
          <VisuallyHidden id={`${uid}-keys`}>{t('child-picker-keys')}</VisuallyHidden>
        </div>
      )}
      {error && (
        <Text c="red.8" fz="sm" role="alert" data-qa="child-picker-error">
          {error}
        </Text>
      )}
    </div>
  );
}
