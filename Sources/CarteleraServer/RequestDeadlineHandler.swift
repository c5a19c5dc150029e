import NIOCore
import HTTPTypes
import NIOHTTPTypes

/// Closes connections that are too slow: a request head (or its body) not complete within the request time, or a
/// keep-alive connection idle past the idle time. A client sending one byte at a time (slowloris) therefore holds a
/// connection for seconds, not forever; the event loop never waits on it meanwhile.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let requestTime: TimeAmount
    private let idleTime: TimeAmount
    private var deadline: Scheduled<Void>?
    /// The response being written says `Connection: close` (a 413 whose body was never read): close once it is out.
    private var closesAfterResponse = false

    /// A handler giving each request `requestTime` to arrive and each idle connection `idleTime`.
    init(requestTime: TimeAmount, idleTime: TimeAmount) {
        self.requestTime = requestTime
        self.idleTime = idleTime
    }

    func handlerAdded(context: ChannelHandlerContext) {
        arm(context, requestTime)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: arm(context, requestTime)
        case .body: break
        case .end:
            // The request is in: answering it takes what it takes.
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            closesAfterResponse = response.headerFields[.connection]?.lowercased() == "close"
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            arm(context, idleTime)
            guard closesAfterResponse else {
                context.write(data, promise: promise)
                return
            }
            // Waiting for the rest of a body nobody will read would hold the connection until the idle deadline.
            let written = context.eventLoop.makePromise(of: Void.self)
            let channel = context.channel
            written.futureResult.whenComplete { result in
                promise?.completeWith(result)
                channel.close(promise: nil)
            }
            context.writeAndFlush(data, promise: written)
        }
    }

    private func arm(_ context: ChannelHandlerContext, _ time: TimeAmount) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: time) { channel.close(promise: nil) }
    }
}
