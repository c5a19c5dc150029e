import NIOCore
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
        if case .end = unwrapOutboundIn(data) { arm(context, idleTime) }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext, _ time: TimeAmount) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: time) { channel.close(promise: nil) }
    }
}
