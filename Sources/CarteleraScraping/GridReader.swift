import CarteleraMarkup
import CarteleraModel

/// Reads a week table whose columns are days and whose cells span rows by their length.
struct GridReader {
    let grid: CompiledGrid

    /// Cells a table may cover once spans are laid out: a week of quarter hours is under 10 000, and spans on a
    /// hostile page could otherwise ask for rows × rows × 50 cells.
    static let maxCells = 200_000

    /// A programme cell in the column of the day asked for, with the slot time of the row it starts in.
    struct Cell {
        var node: Node
        var time: String
        /// The time cell itself, for a grid that reads its time with a field.
        var timeNode: Node
    }

    func cells(in root: Node, day: Day, values: PlaceholderValues) throws -> [Cell] {
        guard let table = try grid.table.select(from: root, values: values).first else { return [] }
        let rows = try table.xpath("./tr | ./thead/tr | ./tbody/tr | ./tfoot/tr")
        // Lay the cells out on a matrix, honouring rowspan and colspan.
        var matrix: [[(node: Node, firstRow: Int)?]] = Array(repeating: [], count: rows.count)
        var covered = 0
        for (rowIndex, row) in rows.enumerated() {
            var column = 0
            for cell in row.children where cell.name == "td" || cell.name == "th" {
                while column < matrix[rowIndex].count, matrix[rowIndex][column] != nil { column += 1 }
                let rowSpan = max(1, min(Int(cell.attribute("rowspan") ?? "") ?? 1, rows.count - rowIndex))
                let colSpan = max(1, min(Int(cell.attribute("colspan") ?? "") ?? 1, 50))
                covered += rowSpan * colSpan
                guard covered <= Self.maxCells else {
                    throw ScrapeMessage("the grid table spans more than \(Self.maxCells) cells: not read as a schedule")
                }
                for r in rowIndex..<(rowIndex + rowSpan) {
                    for c in column..<(column + colSpan) {
                        while matrix[r].count <= c { matrix[r].append(nil) }
                        matrix[r][c] = (cell, rowIndex)
                    }
                }
                column += colSpan
            }
        }
        let headerIndex = grid.headerRow - 1
        guard headerIndex >= 0, headerIndex < matrix.count else { return [] }
        let dayColumn = matrix[headerIndex].firstIndex { entry in
            guard let entry, let parts = grid.dayFormat.parse(entry.node.text) else { return false }
            return ScheduleScraper.day(from: parts, near: day) == day
        }
        guard let column = dayColumn else { return [] }
        let timeColumn = grid.timeColumn - 1
        var cells: [Cell] = []
        for rowIndex in (headerIndex + 1)..<matrix.count {
            let row = matrix[rowIndex]
            guard column < row.count, let entry = row[column], grid.slots || entry.firstRow == rowIndex,
                  timeColumn < row.count, let timeNode = row[timeColumn]?.node else { continue }
            // In slot mode a row without its own label is part of the slot above it.
            if grid.slots, row[timeColumn]?.firstRow != rowIndex || timeNode.text.trimmingWhitespace().isEmpty { continue }
            cells.append(Cell(node: entry.node, time: timeNode.text, timeNode: timeNode))
        }
        return cells
    }
}
