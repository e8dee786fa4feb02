import { HttpError } from '../http/http'

/** An answer without the documented shape fails like a failed call ("Error fetching data"). */
export function malformed(url: string, reason: string): HttpError {
  return new HttpError(200, url, { cause: new Error(reason) })
}
