import {
  DEFAULT_PIPELINE_TAG,
  DIALOG_WIDTHS,
  PIPELINE_ENGINE_REFUSES,
  PIPELINE_PLACEHOLDERS_NEED_DEPENDENCY,
  PIPELINE_PLACEHOLDERS_TEXT,
  pipelineEngineRuns,
  routeByName,
  SELECT_PROJECT,
} from '@asset-portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { PIPELINES_PATH, PipelinesPage } from './support/pipelines-page.ts';
import type { Persona } from './support/portal-driver.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const EUGENE = 'Northwind Surveying : Eugene Corridor';
const KANDAHAR = 'Northwind Surveying : Kandahar Survey';
const ARCHIVE = 'Northwind Surveying : Archive 2019';
const VALID_JSON = '{\n  "pipeline": [{ "type": "filters.range", "limits": "Z[0:100]" }]\n}';
const PAGED_PIPELINES = 30;

describeInBrowser('Pipeline Management', () => {
  const suite = setUpBrowserSuite();

  beforeAll(async () => {
    // Enough pipelines in one project to page through.
    const db = suite.environment.live.database.db;
    const kandahar = await db
      .selectFrom('projects')
      .select(['id', 'organizationId'])
      .where('name', '=', 'Kandahar Survey')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('pipelines')
      .values(
        Array.from({ length: PAGED_PIPELINES }, (_, index) => ({
          projectId: kandahar.id,
          organizationId: kandahar.organizationId,
          name: `Batch ${String(index + 1).padStart(2, '0')}`,
          description: index % 2 === 0 ? 'Even batch' : 'Odd batch',
          pipeline: VALID_JSON,
          dependencies: index % 3 === 0 ? [DEFAULT_PIPELINE_TAG] : [],
          global: false,
        })),
      )
      .execute();
  });

  const open = async (persona: Persona) => {
    const driver = await suite.launch();
    await driver.signInAs(persona, { startAt: PIPELINES_PATH });
    const screen = new PipelinesPage(driver);
    return { portal: driver, screen };
  };

  it('asks for a project first, then lists its pipelines and the global ones', async () => {
    const { portal, screen } = await open('admin');
    expect(portal.currentPath()).toBe(PIPELINES_PATH);
    await expect.poll(() => portal.textOf('page-notice')).toBe(SELECT_PROJECT);
    await portal.screenshot('pipelines-no-project');

    await portal.chooseProject(EUGENE);
    await screen.waitForRows();
    expect(await screen.headers()).toEqual([
      'Name',
      'Description',
      'Dependencies',
      'Last Modified',
      'Actions',
    ]);
    expect(await screen.names()).toEqual(['Crop to bounding box', 'Ground classification']);
    const [name, description, dependencies, modified] = await screen.cells('Ground classification');
    expect(name).toBe('Ground classificationGlobal');
    expect(description).toBe('Removes statistical outliers and classifies ground points (SMRF).');
    expect(dependencies).toBe('');
    expect(modified).toMatch(/\d/);
    expect((await screen.cells('Crop to bounding box'))[2]).toBe(DEFAULT_PIPELINE_TAG);
    expect(await screen.pageSize()).toBe('25');
    await portal.screenshot('pipelines-table');

    // The global pipeline is there for every project.
    await portal.chooseProject(ARCHIVE);
    await expect.poll(() => screen.names()).toEqual(['Ground classification']);
  });

  it('creates, edits and deletes a pipeline with every form rule on the way', async () => {
    const { portal, screen } = await open('admin');
    await portal.chooseProject(ARCHIVE);
    await screen.waitForRows();

    await screen.openCreate();
    expect(await screen.dialogTitle()).toBe('Create Pipeline');
    expect(Math.round(await screen.dialogWidth())).toBe(DIALOG_WIDTHS.pipeline);
    expect(await screen.okButton().isDisabled()).toBe(true);
    await screen.nameField().fill('Thin to 10 cm');
    expect(await screen.okButton().isDisabled()).toBe(true);
    await screen.descriptionField().fill('Voxel thinning');
    expect(await screen.okButton().isEnabled()).toBe(true);
    expect(await screen.descriptionHelper()).toBe('14/200');

    // Persistent: neither the backdrop nor Escape closes it.
    await portal.page.mouse.click(5, 5);
    await portal.page.keyboard.press('Escape');
    expect(await screen.dialog().isVisible()).toBe(true);

    // A keyboard in the JSON editor is told how to leave it, and can: Escape, then Tab.
    const page = portal.page;
    const code = screen.dialog().getByTestId('pipeline-json-editor').locator('.cm-content');
    const hint = screen.dialog().getByText('Tab indents. Press Esc, then Tab, to move on.');
    expect(await hint.isVisible()).toBe(false);
    await code.focus();
    await hint.waitFor();
    expect(await code.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => code.evaluate((content) => content.contains(document.activeElement)))
      .toBe(false);
    expect(await screen.dialog().evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await hint.waitFor({ state: 'hidden' });

    // Invalid JSON blocks saving with the shared message and the parser's position.
    await screen.fillJson('{\n  "pipeline": [\n}');
    await expect
      .poll(() => screen.jsonMessage())
      .toMatch(/^Pipeline must be valid JSON: .+ \(line 3, column \d+\)$/);
    expect(await screen.jsonMessage()).not.toContain('is not valid JSON');
    expect(await screen.okButton().isDisabled()).toBe(true);
    await portal.screenshot('pipelines-create-invalid-json');
    await screen.fillJson(VALID_JSON);
    await expect.poll(() => screen.jsonMessage()).toBe('');
    expect(await screen.okButton().isEnabled()).toBe(true);

    // Over 200 characters: the counter and the shared message, and OK is blocked.
    await screen.descriptionField().fill('x'.repeat(201));
    expect(await screen.descriptionHelper()).toBe(
      'Description cannot be longer than 200 characters201/200',
    );
    expect(await screen.okButton().isDisabled()).toBe(true);
    await screen.descriptionField().fill('Voxel thinning');

    // The bounding-box dependency brings the placeholders text, exactly.
    expect(await screen.placeholdersHint().count()).toBe(0);
    await screen.addDependency(DEFAULT_PIPELINE_TAG);
    await screen.addDependency('Ground model', true);
    expect(await screen.dependencyChips()).toEqual([DEFAULT_PIPELINE_TAG, 'Ground model']);
    expect(((await screen.placeholdersHint().textContent()) ?? '').trim()).toBe(
      PIPELINE_PLACEHOLDERS_TEXT,
    );
    expect(await screen.globalCheckbox().isVisible()).toBe(true);
    await portal.screenshot('pipelines-create-dialog');
    await screen.save();
    expect(await screen.expectSnackbar('Pipeline created')).toBe('success');
    await expect.poll(() => screen.names()).toContain('Thin to 10 cm');
    expect(await screen.cells('Thin to 10 cm')).toEqual([
      'Thin to 10 cm',
      'Voxel thinning',
      `${DEFAULT_PIPELINE_TAG}Ground model`,
      expect.stringMatching(/\d/),
      '',
    ]);

    // Edit keeps what was saved and stores the change.
    await screen.openEdit('Thin to 10 cm');
    expect(await screen.dialogTitle()).toBe('Edit Pipeline');
    expect(Math.round(await screen.dialogWidth())).toBe(DIALOG_WIDTHS.pipeline);
    expect(await screen.nameField().inputValue()).toBe('Thin to 10 cm');
    expect(await screen.dependencyChips()).toEqual([DEFAULT_PIPELINE_TAG, 'Ground model']);
    expect(await screen.jsonText()).toBe(VALID_JSON);
    expect(await screen.globalCheckbox().isChecked()).toBe(false);
    await portal.screenshot('pipelines-edit-dialog');
    await screen.descriptionField().fill('Voxel thinning, 10 cm');
    await screen.save();
    expect(await screen.expectSnackbar('Pipeline updated')).toBe('success');
    await expect
      .poll(async () => (await screen.cells('Thin to 10 cm'))[1])
      .toBe('Voxel thinning, 10 cm');

    // Delete asks first; Cancel keeps the row.
    await screen.clickDelete('Thin to 10 cm');
    const confirmDialog = screen.confirmDialog();
    await confirmDialog.waitFor();
    expect(
      ((await confirmDialog.locator('#confirm-dialog-title').textContent()) ?? '').trim(),
    ).toBe('Confirm Pipeline Deletion');
    expect(
      await confirmDialog
        .getByText("Are you sure you want to delete pipeline 'Thin to 10 cm'?")
        .count(),
    ).toBe(1);
    expect(Math.round((await confirmDialog.boundingBox())?.width ?? 0)).toBe(
      DIALOG_WIDTHS.deleteConfirm,
    );
    await portal.page.waitForTimeout(400); // let the dialog finish fading in for the evidence
    await portal.screenshot('pipelines-delete-confirm');
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog.waitFor({ state: 'detached' });
    expect(await screen.names()).toContain('Thin to 10 cm');
    await screen.clickDelete('Thin to 10 cm');
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    expect(await screen.expectSnackbar('Pipeline deleted')).toBe('success');
    await expect.poll(() => screen.names()).toEqual(['Ground classification']);
  });

  it('tells, while the pipeline is written, what the built-in engine makes of it', async () => {
    const { portal, screen } = await open('admin');
    await portal.chooseProject(ARCHIVE);
    await screen.waitForRows();
    await screen.openCreate();
    await screen.nameField().fill('Crop to the drawn box');
    await screen.descriptionField().fill('Checked as it is typed');

    // The untouched template (no stage yet) brings no verdict.
    await portal.page.waitForTimeout(1_000);
    expect(await screen.engineVerdict().count()).toBe(0);

    // A stage the engine lacks and an option out of range: named, stage by stage.
    await screen.fillJson(
      '{"pipeline": [{"type": "filters.hag_nn"}, {"type": "filters.range", "limits": "Classification[7:2]"}]}',
    );
    const refused = await screen.settledEngineVerdict();
    expect(refused).toContain(PIPELINE_ENGINE_REFUSES);
    expect(refused).toContain('stage type "filters.hag_nn" is not supported by this engine');
    expect(refused).toContain('has its lower bound above its upper bound');
    // A warning: the pipeline is PDAL JSON and can still be saved.
    expect(await screen.okButton().isEnabled()).toBe(true);
    await portal.screenshot('pipelines-engine-refuses');

    // Fixed: the stages it will run, the implicit reader and writer included.
    await screen.fillJson(VALID_JSON);
    await expect
      .poll(() => screen.settledEngineVerdict())
      .toBe(pipelineEngineRuns(['readers.las', 'filters.range', 'writers.las']));

    // Placeholders without the dependency would be offered with no box to fill them.
    await screen.fillJson(
      '{"pipeline": [{"type": "filters.crop", "bounds": "([<%xmin%>, <%xmax%>], [<%ymin%>, <%ymax%>])"}]}',
    );
    await expect
      .poll(() => screen.settledEngineVerdict())
      .toBe(pipelineEngineRuns(['readers.las', 'filters.crop', 'writers.las']));
    expect(((await screen.placeholdersDependencyWarning().textContent()) ?? '').trim()).toBe(
      PIPELINE_PLACEHOLDERS_NEED_DEPENDENCY,
    );
    await portal.screenshot('pipelines-placeholders-without-dependency');
    await screen.addDependency(DEFAULT_PIPELINE_TAG);
    expect(await screen.placeholdersDependencyWarning().count()).toBe(0);
    await screen.save();
    expect(await screen.expectSnackbar('Pipeline created')).toBe('success');
    // The engine runs it: its row has no warning (read in the table, the dialog closed).
    await screen.row('Crop to the drawn box').waitFor();
    expect(await screen.engineRefusal('Crop to the drawn box')).toBeNull();

    // Editing shows the stored pipeline's verdict straight away.
    await screen.openEdit('Crop to the drawn box');
    expect(await screen.settledEngineVerdict()).toBe(
      pipelineEngineRuns(['readers.las', 'filters.crop', 'writers.las']),
    );

    // Saved as the engine would refuse it, the table marks it with the reason.
    await screen.fillJson('{"pipeline": [{"type": "filters.hag_nn"}]}');
    await screen.settledEngineVerdict();
    await screen.save();
    await screen.expectSnackbar('Pipeline updated');
    await expect
      .poll(() => screen.engineRefusal('Crop to the drawn box'))
      .toContain('stage 1 (filters.hag_nn): stage type "filters.hag_nn" is not supported');
    expect(await screen.engineRefusal('Crop to the drawn box')).toMatch(
      new RegExp(`^${PIPELINE_ENGINE_REFUSES} `),
    );
    await screen.row('Crop to the drawn box').getByTestId('pipeline-engine-refusal').hover();
    await portal.page.getByRole('tooltip').waitFor();
    await portal.screenshot('pipelines-engine-refusal-in-table');
  });

  it('stores a global pipeline without a project and shows it in the customer projects', async () => {
    const { portal, screen } = await open('admin');
    await portal.chooseProject(ARCHIVE);
    await screen.waitForRows();
    await screen.openCreate();
    await screen.nameField().fill('Vendor denoise');
    await screen.descriptionField().fill('Available to every organization');
    await screen.globalCheckbox().check();
    await screen.save();
    await screen.expectSnackbar('Pipeline created');
    const row = await suite.environment.live.database.db
      .selectFrom('pipelines')
      .select(['projectId', 'global'])
      .where('name', '=', 'Vendor denoise')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ projectId: null, global: true });

    await portal.chooseProject(EUGENE);
    await expect.poll(() => screen.names()).toContain('Vendor denoise');
    expect((await screen.cells('Vendor denoise'))[0]).toBe('Vendor denoiseGlobal');
  });

  it('searches, groups and pages the table', async () => {
    const { portal, screen } = await open('admin');
    await portal.chooseProject(KANDAHAR);
    await screen.waitForRows();
    // The batch plus every global pipeline (earlier tests may have added one).
    const globals = await suite.environment.live.database.db
      .selectFrom('pipelines')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('global', '=', true)
      .executeTakeFirstOrThrow();
    const total = PAGED_PIPELINES + Number(globals.count);
    expect(await screen.displayedRows()).toBe(`1–25 of ${total}`);
    expect((await screen.names()).length).toBe(25);

    expect(await screen.choosePageSize('50')).toEqual(['25', '50', '100', 'All']);
    await expect.poll(() => screen.names()).toHaveLength(total);
    await screen.choosePageSize('All');
    expect(await screen.displayedRows()).toBe(`1–${total} of ${total}`);
    await screen.choosePageSize('25');
    await expect.poll(() => screen.names()).toHaveLength(25);

    await screen.search('Odd batch');
    await expect.poll(() => screen.names()).toHaveLength(PAGED_PIPELINES / 2);
    await screen.search('Batch 07');
    await expect.poll(() => screen.names()).toEqual(['Batch 07']);
    await screen.search('');

    await screen.choosePageSize('All');
    await screen.groupBy('Dependencies');
    await expect
      .poll(async () => (await screen.groupRows().allTextContents()).sort())
      .toEqual([
        `Dependencies: ${DEFAULT_PIPELINE_TAG} (${PAGED_PIPELINES / 3})`,
        expect.stringMatching(/^Dependencies: No dependencies \(\d+\)$/),
      ]);
    // 'All' keeps every pipeline on the page, group header rows included.
    expect(await screen.names()).toHaveLength(total);
    await portal.screenshot('pipelines-grouped');
  });

  it('hides the Global checkbox from the Northwind power user and locks global rows', async () => {
    const { portal, screen } = await open('power user');
    await portal.chooseProject(EUGENE);
    await screen.waitForRows();
    const globalRow = screen.row('Ground classification');
    expect(
      await globalRow
        .getByRole('button', { name: 'Edit pipeline Ground classification' })
        .isDisabled(),
    ).toBe(true);
    await screen.openEdit('Crop to bounding box');
    expect(await screen.placeholdersHint().isVisible()).toBe(true);
    expect(await screen.dialog().getByText('Global Pipeline').count()).toBe(0);
    await portal.screenshot('pipelines-power-user-edit');
    await screen.dialog().getByRole('button', { name: 'Cancel' }).click();
    await screen.dialog().waitFor({ state: 'detached' });

    await screen.openCreate();
    expect(await screen.globalCheckbox().count()).toBe(0);
  });

  it('keeps a standard user out of the screen', async () => {
    const driver = await suite.launch();
    await driver.signInAs('standard');
    expect(await driver.menuEntries()).not.toContain(routeByName('PipelineManagement').menuLabel);
    await driver.visit(PIPELINES_PATH);
    await driver.waitForPath('/');
    await driver.waitForShell();
    expect(await driver.page.getByRole('table', { name: 'Pipelines' }).count()).toBe(0);
  });
});
