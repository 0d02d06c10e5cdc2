// The All staff tab (spec 002 §2 "Staff register"): staff alphabetically, grouped by initial under a
// letter heading, each with the status badge, the actual (else planned) times and the room of their
// shifts; choosing one opens the details pane (StaffDetails).
import { UnstyledButton } from '@mantine/core';
import { groupStaffByInitial, type Shift, type StaffRegisterMember } from '@nursery/domain/registers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../components/ChildAvatar';
import personRows from '../../components/PersonRows.module.css';
import classes from './StaffRegisterPage.module.css';
import { ShiftBadge } from './TimesTab';

/** Actual times where there are any, else the planned ones. */
export function shiftTimes(shift: Shift): { from: string; to: string } {
  if (shift.actualFrom) return { from: shift.actualFrom, to: shift.actualTo ?? '' };
  return { from: shift.timeFrom, to: shift.timeTo };
}

export function AllStaffTab({
  staff,
  conflicted,
  onOpen,
}: {
  staff: readonly StaffRegisterMember[];
  conflicted: ReadonlySet<number>;
  onOpen: (member: StaffRegisterMember) => void;
}) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupStaffByInitial(staff), [staff]);
  return (
    <div data-qa="staff-all">
      {groups.map((group) => (
        <section
          key={group.initial}
          aria-labelledby={`staff-initial-${group.initial}`}
          data-qa="staff-initial"
        >
          <h2
            id={`staff-initial-${group.initial}`}
            className={personRows.groupHeader}
            data-qa="staff-initial-letter"
          >
            {group.initial}
          </h2>
          <ul className={classes.grid}>
            {group.staff.map((member) => (
              <li key={member.id}>
                <UnstyledButton
                  className={classes.memberRow}
                  onClick={() => onOpen(member)}
                  aria-label={t('staff-register-details-name', { name: member.display })}
                  data-qa="staff-member"
                  data-staff-id={member.id}
                >
                  <ChildAvatar child={member} />
                  <span className={classes.nameText}>
                    <span className={classes.strong} data-qa="staff-member-name">
                      {member.display}
                    </span>
                    {member.profile.jobTitle && (
                      <span className={personRows.meta}>{member.profile.jobTitle}</span>
                    )}
                  </span>
                  <span className={classes.memberShifts}>
                    {member.shifts.length === 0 ? (
                      <span className={personRows.meta}>{t('staff-register-no-shift')}</span>
                    ) : (
                      member.shifts.map((shift) => {
                        const times = shiftTimes(shift);
                        return (
                          <span key={shift.id} className={classes.memberShift} data-qa="staff-member-shift">
                            <ShiftBadge shift={shift} conflict={conflicted.has(shift.id)} />
                            <span className={shift.actualFrom ? personRows.actual : undefined}>
                              {t('staff-register-times', times)}
                            </span>
                            <span className={personRows.meta}>
                              {shift.room ?? t('staff-register-no-room')}
                            </span>
                          </span>
                        );
                      })
                    )}
                  </span>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
