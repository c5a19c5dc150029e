import CarteleraOutput
import CarteleraSignUps
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The small HTML pages that answer the site's plain sign-up and cancellation forms (no JavaScript needed).
enum SignUpPages {
    /// The receipt: the booking reference, the cancellation code (shown once) and a form to cancel with it.
    static func accepted(_ receipt: SignUpReceipt, title: String) -> Response {
        // The page answers `…/api/nights/<id>/guestlist`, so the cancel form's relative action stays under that night.
        let cancel = "guestlist/\(escape(receipt.reference))/cancel"
        let places = receipt.placesLeft.map { "<p>Quedan \($0) plazas. · \($0) places left.</p>" } ?? ""
        var response = page(title: "Apuntado · Signed up", body: """
            <h1>Estás en la lista · You are on the list</h1>
            <p><strong>\(escape(title))</strong></p>
            <dl>
            <dt>Referencia · Reference</dt><dd><code>\(escape(receipt.reference))</code></dd>
            <dt>Personas · Party</dt><dd>\(receipt.partySize)</dd>
            <dt>Código de cancelación · Cancellation code</dt><dd><code>\(escape(receipt.cancellationCode))</code></dd>
            </dl>
            <p>Guarda el código: solo se muestra ahora. · Keep the code: it is shown only now.</p>
            \(places)
            <form method="post" action="\(cancel)">
            <input type="hidden" name="code" value="\(escape(receipt.cancellationCode))">
            <button type="submit">Cancelar · Cancel</button>
            </form>
            """)
        response.status = .created
        return response
    }

    /// The page for a cancelled sign-up.
    static func cancelled(reference: String) -> Response {
        page(title: "Cancelado · Cancelled", body: """
            <h1>Cancelado · Cancelled</h1>
            <p>La reserva <code>\(escape(reference))</code> ya no está en la lista. · Booking \(escape(reference)) is off the list.</p>
            """)
    }

    /// The page for a refused form: the status and the reason.
    static func refused(_ error: APIError) -> Response {
        var response = page(title: "No se pudo · Not possible", body: """
            <h1>No se pudo · Not possible</h1>
            <p>\(escape(error.message))</p>
            <p>Vuelve atrás para corregirlo. · Go back to correct it.</p>
            """)
        response.status = error.status
        response.headers.append(contentsOf: error.headers)
        return response
    }

    /// A whole page around `body`, never stored by caches.
    private static func page(title: String, body: String) -> Response {
        let html = """
            <!DOCTYPE html>
            <html lang="es">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(title)</title></head>
            <body><main>
            \(body)
            </main></body>
            </html>

            """
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: Caching.noStore.header],
                        body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// Text for HTML element content and quoted attributes.
    static func escape(_ text: String) -> String {
        PublishedText.html(text)
    }
}
