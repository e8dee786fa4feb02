import { useId, type ComponentProps } from 'react'
import hidden from '../visually-hidden/VisuallyHidden.module.css'

export type HiddenLabelInputProps = Omit<ComponentProps<'input'>, 'id'> & {
  /** The input's name, read by assistive technology only (the placeholder shows on screen). */
  label: string
}

/**
 * A one-line input whose label only assistive technology reads, without the browser's
 * suggestions (a search box, a chat's question). Every other prop goes to the input.
 */
export function HiddenLabelInput({ label, ...input }: HiddenLabelInputProps) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className={hidden.srOnly}>
        {label}
      </label>
      <input id={id} autoComplete="off" {...input} />
    </>
  )
}
