import { useId } from 'react'
import { useSendPasswordResetLink } from '../../api/session'
import { canSendResetLink } from '../../domain/validation'
import { useLocale } from '../../i18n/locale-context'
import { useTranslation } from 'react-i18next'
import { EmailField } from './Field'
import { FormMessage, PanelForm, type PanelViewProps } from './FormParts'
import styles from './LoginPanel.module.css'

export interface ForgotPasswordFormProps extends PanelViewProps {
  onBack: () => void
}

/**
 * The send button is disabled while the email is empty or a send runs;
 * the outcome is a success or a failure message. The link sent points to
 * `{origin}/{locale}/reset-password`.
 */
export function ForgotPasswordForm({
  titleId,
  email,
  onEmailChange,
  onBack,
}: ForgotPasswordFormProps) {
  const { t } = useTranslation('login')
  const locale = useLocale()
  const id = useId()
  const send = useSendPasswordResetLink()
  const sending = send.isPending
  const result = send.isSuccess ? 'sent' : send.isError ? 'failed' : null
  const resultId = `${id}-result`
  const introId = `${id}-intro`
  const canSend = canSendResetLink(email, sending)

  const submit = () => {
    if (canSend) send.mutate({ email: email.trim(), locale })
  }

  return (
    <PanelForm titleId={titleId} onSubmit={submit}>
      <FormMessage id={introId} tone="intro">
        {t('login.forgotIntro')}
      </FormMessage>
      <EmailField
        id={`${id}-email`}
        value={email}
        invalid={result === 'failed'}
        describedBy={[introId, result && resultId]}
        onChange={(e) => {
          onEmailChange(e.target.value)
          // The answer of a send under way still shows when it comes.
          if (!sending) send.reset()
        }}
      />
      {result === 'sent' && (
        <FormMessage id={resultId} tone="success">
          {t('login.resetSent')}
        </FormMessage>
      )}
      {result === 'failed' && (
        <FormMessage id={resultId} tone="error">
          {t('login.resetFailed')}
        </FormMessage>
      )}
      <button type="submit" className={styles.primary} disabled={!canSend}>
        {sending ? t('login.sending') : t('login.send')}
      </button>
      <button type="button" className={styles.link} onClick={onBack}>
        {t('login.backToLogin')}
      </button>
    </PanelForm>
  )
}
