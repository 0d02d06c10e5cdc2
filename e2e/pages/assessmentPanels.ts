import { expect, type Locator, type Page } from '@playwright/test';
import { demoSites, demoUsers } from './demo';
import { SitePickerPage } from './home';
import { LoginPage } from './login';

/** The parts of GET /api/v1/config the assessment specs use. */
export interface ConfigForAssessment {
  eventTypes: {
    id: number;
    tag: string;
    codes: { id: number; value: string; enabled: boolean; key?: string | null }[];
  }[];
  eventStatuses: { id: number; value: string; incomplete: boolean; awaitingApproval: boolean }[];
}

/** Logs the demo manager in at Oak Tree Nursery (the manager has two sites, so the picker shows). */
export async function logInAsManager(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(demoUsers.manager.email);
  const picker = new SitePickerPage(page);
  await expect(picker.root).toBeVisible();
  await picker.choose(demoSites.oakTree);
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible();
}

export async function readConfig(page: Page): Promise<ConfigForAssessment> {
  const response = await page.request.get('/api/v1/config');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ConfigForAssessment;
}

/** The gradings panel, the next steps panel and the assessment side panel of #/add and #/edit. */
export class AssessmentPanels {
  readonly gradings: Locator;
  readonly gradingsCount: Locator;
  readonly nextSteps: Locator;
  readonly nextStepsCount: Locator;
  readonly side: Locator;
  readonly confirmDialog: Locator;
  readonly moreInformation: Locator;

  constructor(readonly page: Page) {
    this.gradings = page.locator('[data-qa="gradings-panel"]');
    this.gradingsCount = this.gradings.locator('[data-qa="gradings-count"]');
    this.nextSteps = page.locator('[data-qa="next-steps-panel"]');
    this.nextStepsCount = this.nextSteps.locator('[data-qa="next-steps-count"]');
    this.side = page.locator('[data-qa="assessment-side"]');
    this.confirmDialog = page.getByRole('dialog');
    this.moreInformation = page.locator('[data-qa="more-information-dialog"]');
  }

  framework(frameworkID: string): Locator {
    return this.gradings.locator(`[data-qa="gradings-framework"][data-framework-id="${frameworkID}"]`);
  }

  async openFramework(frameworkID: string): Promise<Locator> {
    const section = this.framework(frameworkID);
    await section.locator('[data-qa="gradings-framework-toggle"]').click();
    await expect(section.locator('[data-qa="gradings-search"]')).toBeVisible();
    return section;
  }

  async search(section: Locator, text: string): Promise<Locator> {
    await section.locator('[data-qa="gradings-search"]').fill(text);
    const results = section.locator('[data-qa="gradings-search-results"]');
    await expect(results.locator('[data-qa="grading-row"]').first()).toBeVisible();
    return results;
  }

  /** The row of an item in a list (search results, graded list or tree). */
  row(scope: Locator, itemID: string): Locator {
    return scope.locator(`[data-qa="grading-row"][data-item-id="${itemID}"]`);
  }

  async grade(row: Locator, value: number): Promise<void> {
    await row.locator(`[data-qa="grade-button"][data-grade-value="${value}"]`).click();
  }

  nextStep(index: number): Locator {
    return this.nextSteps.locator('[data-qa="next-step"]').nth(index);
  }

  async addNextStep(): Promise<Locator> {
    const before = await this.nextSteps.locator('[data-qa="next-step"]').count();
    await this.nextSteps.locator('[data-qa="next-step-add"]').click();
    const step = this.nextStep(before);
    await expect(step).toBeVisible();
    return step;
  }
}
