import { blockingViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The consent and the policy as templates a head publishes in the administration, and a new consent asked once of a
// company user at their next page, by keyboard (docs/product.md «Personal data»). A server of its own: a new version
// asks every company user of the server.
test.use({ freshServer: true, role: 'head' });

for (const width of [1400, 576] as const) {
  test(`a head publishes a new consent; the owner is asked for it once, by keyboard, before the page opens (${width} px)`, async ({
    page,
    pageAs,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/instance/admin#personal-data');
    await expect(page.getByRole('heading', { level: 2, name: 'Персональные данные' })).toBeVisible();
    const consent = page.getByRole('region', { name: 'Согласие на обработку персональных данных' });
    await expect(consent.getByText(/^Редакция 1, первая редакция портала$/)).toBeVisible();
    const template = consent.getByRole('textbox', { name: 'Текст шаблона' });
    await expect(template).toHaveValue(/\{оператор\} \(адрес: \{адрес\}\)/);
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/personal-data-admin-${width}.png`, fullPage: true });

    // An unknown placeholder is refused under the text.
    await template.fill('Согласие для {директор}.');
    await consent
      .getByRole('button', { name: 'Опубликовать новую редакцию: Согласие на обработку персональных данных' })
      .click();
    await expect(
      consent.getByText('Неизвестная подстановка {директор}: допустимы {оператор}, {адрес}, {контакты}, {портал}'),
    ).toBeVisible();
    await template.fill(
      'Я даю согласие оператору {оператор} на обработку моих персональных данных.\n\nОтозвать согласие можно {контакты}.',
    );
    await consent
      .getByRole('button', { name: 'Опубликовать новую редакцию: Согласие на обработку персональных данных' })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Опубликована редакция 2: Согласие на обработку персональных данных')).toBeVisible();
    await expect(consent.getByText(/^Редакция 2, опубликована /)).toBeVisible();

    // The owner's next page asks first.
    const owner = await pageAs('owner');
    await owner.setViewportSize({ width, height: 900 });
    await owner.goto('/company/edit');
    const title = owner.getByRole('heading', { level: 1, name: 'Согласие на обработку персональных данных' });
    await expect(title).toBeVisible();
    await expect(title).toBeFocused();
    await expect(
      owner.getByText(/^Я даю согласие оператору .+ на обработку моих персональных данных\.$/),
    ).toBeVisible();
    await expect(owner.getByRole('heading', { level: 1, name: 'Моя компания' })).toBeHidden();
    expect(await blockingViolations(owner)).toEqual([]);
    await owner.screenshot({ path: `/tmp/personal-data-consent-again-${width}.png`, fullPage: true });

    // Going on without ticking says what is missing.
    const proceed = owner.getByRole('button', { name: 'Продолжить' });
    await proceed.focus();
    await owner.keyboard.press('Enter');
    const checkbox = owner.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' });
    await expect(checkbox).toBeFocused();
    await expect(owner.getByText('Подтвердите согласие на обработку персональных данных')).toBeVisible();
    await owner.keyboard.press('Space');
    await expect(checkbox).toBeChecked();
    await proceed.focus();
    await owner.keyboard.press('Enter');
    await expect(owner.getByRole('heading', { level: 1, name: 'Моя компания' })).toBeVisible();

    // Once: the next page opens at once.
    await owner.reload();
    await expect(owner.getByRole('heading', { level: 1, name: 'Моя компания' })).toBeVisible();
    await expect(title).toHaveCount(0);
  });
}
