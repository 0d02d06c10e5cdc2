import type { SettingsCard, SettingsCardId } from '@nursery/domain/settings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './SettingsCards.module.css';

/** The cards of a category or tab: each a link with its title and one line on what it is for. */
export function SettingsCards({ cards }: { cards: readonly SettingsCard[] }) {
  const { t } = useTranslation();
  return (
    <ul className={classes.grid} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {cards.map((card) => (
        <li key={card.id}>
          <Link to={card.path} className={classes.card} data-qa="settings-card" data-card={card.id}>
            <span className={classes.cardTitle}>{t(`settings-card-${card.id as SettingsCardId}`)}</span>
            <span className={classes.cardAbout}>{t(`settings-card-${card.id as SettingsCardId}-about`)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
