import FormField from '#components/ui/FormField.tsx';
import ProfileScreen from '#components/ui/ProfileScreen.tsx';
import { $settingsStatus, loadSettings, saveSettings, settingsForm } from './stores/settings.ts';
import { settingsTexts } from './texts.ts';

/** The reviewer settings: full name and phone, saved with PUT /api/instance/me. */
export default function SettingsForm() {
  return (
    <ProfileScreen
      texts={settingsTexts}
      $load={$settingsStatus}
      reload={loadSettings}
      form={settingsForm}
      save={saveSettings}
    >
      <FormField form={settingsForm} name="contactFio" label={settingsTexts.fio} autoComplete="name" required />
      <FormField
        form={settingsForm}
        name="contactPhone"
        label={settingsTexts.phone}
        optional
        error={null}
        size="medium"
        type="tel"
        autoComplete="tel"
        placeholder={settingsTexts.phonePlaceholder}
        touchOnBlur
      />
    </ProfileScreen>
  );
}
